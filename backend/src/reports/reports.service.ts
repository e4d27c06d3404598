import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type Repository } from 'typeorm';
import { calculateReport, roundMoney, roundQuantity, roundRate, roundTo, toNumber } from '../ifta/index.js';
import { AccountJurisdictionsService } from './account-jurisdictions.service.js';
import { findReport, insertReport, listReportsJson } from './report-queries.js';
import type { CreateReportDto, ReportJurisdictionInputDto } from './dto/create-report.dto.js';
import type { QueryReportsDto } from './dto/query-reports.dto.js';
import type { DeleteReportResponseDto, ReportResponseDto } from './dto/report-response.dto.js';
import { REPORT_LIMITS } from './dto/report-limits.js';
import type { UpdateReportDto } from './dto/update-report.dto.js';
import { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import { Report, type ReportStatus } from './entities/report.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Largest absolute value a numeric(14,3) row column and a numeric(14,2) money column hold. */
const ROW_QUANTITY_LIMIT = 1e11;
const ROW_MONEY_LIMIT = 1e12;

export const isUuid = (id: string): boolean => UUID.test(id);

export function defaultReportName(taxPeriod: string, companyName: string): string {
  return `IFTA ${taxPeriod || 'Report'} - ${companyName}`.slice(0, 200);
}

interface ReportInput {
  name: string;
  company_name: string;
  license_number: string;
  tax_period: string;
  period: string;
  average_mpg: number;
  status: ReportStatus;
  jurisdictions: ReportJurisdictionInputDto[];
}

@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    @InjectRepository(ReportJurisdiction) private readonly rows: Repository<ReportJurisdiction>,
    private readonly accountJurisdictions: AccountJurisdictionsService,
  ) {}

  /** The page as JSON text (see listReportsJson): the controller sends it as it is. */
  listJson(userId: string, query: QueryReportsDto): Promise<string> {
    return listReportsJson(
      this.dataSource.manager,
      userId,
      query.limit ?? REPORT_LIMITS.maxListLimit,
      query.offset ?? 0,
    );
  }

  async get(userId: string, id: string): Promise<ReportResponseDto> {
    const report = isUuid(id) ? await findReport(this.dataSource.manager, userId, id) : undefined;
    if (!report) throw new NotFoundException({ error: 'Report not found' });
    return report;
  }

  /** The report and its rows, for export; 404 for another account's id. */
  async load(userId: string, id: string): Promise<{ report: Report; rows: ReportJurisdiction[] }> {
    const report = await this.find(userId, id);
    return { report, rows: await this.rowsOf(userId, id) };
  }

  async create(userId: string, body: CreateReportDto): Promise<ReportResponseDto> {
    const input = this.normalise(body);
    await this.checkJurisdictionNames(userId, input.jurisdictions);
    return insertReport(this.dataSource.manager, userId, this.compute(input));
  }

  async update(userId: string, id: string, body: UpdateReportDto): Promise<ReportResponseDto> {
    const current = await this.find(userId, id);
    this.assertEditable(current);
    const jurisdictions =
      body.jurisdictions ?? (await this.rowsOf(userId, id)).map((row) => ({ ...row }) as ReportJurisdictionInputDto);
    const input = this.normalise({
      name: body.name ?? current.name,
      company_name: body.company_name ?? current.company_name,
      license_number: body.license_number ?? current.license_number,
      tax_period: body.tax_period ?? current.tax_period,
      period: body.period ?? current.period,
      average_mpg: body.average_mpg ?? current.average_mpg,
      status: body.status ?? (body.is_final === undefined ? current.status : body.is_final ? 'final' : 'draft'),
      jurisdictions,
    });
    await this.checkJurisdictionNames(userId, input.jurisdictions);
    const computed = this.compute(input);
    await this.dataSource.transaction(async (manager) => {
      // Locked so two saves (or a save racing a finalisation) cannot interleave.
      const locked = await manager.findOne(Report, { where: { id, userId }, lock: { mode: 'pessimistic_write' } });
      if (!locked) throw new NotFoundException({ error: 'Report not found' });
      this.assertEditable(locked);
      await manager.update(Report, { id, userId }, { ...computed.report, updatedAt: new Date() });
      await manager.delete(ReportJurisdiction, { reportId: id, userId });
      await manager.insert(
        ReportJurisdiction,
        computed.rows.map((row) => ({ ...row, reportId: id, userId })),
      );
    });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<DeleteReportResponseDto> {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Report not found' });
    const result = await this.reports.delete({ id, userId });
    if (!result.affected) throw new NotFoundException({ error: 'Report not found' });
    return { id, deleted: true };
  }

  private async find(userId: string, id: string): Promise<Report> {
    const report = isUuid(id) ? await this.reports.findOneBy({ id, userId }) : null;
    if (!report) throw new NotFoundException({ error: 'Report not found' });
    return report;
  }

  private rowsOf(userId: string, reportId: string): Promise<ReportJurisdiction[]> {
    return this.rows.find({ where: { userId, reportId }, order: { position: 'ASC' } });
  }

  private assertEditable(report: Report): void {
    if (report.status === 'final') throw new ConflictException({ error: 'Final reports cannot be edited' });
  }

  private normalise(body: CreateReportDto): ReportInput {
    const company = body.company_name.trim();
    const taxPeriod = body.tax_period ?? '';
    return {
      name: body.name || defaultReportName(taxPeriod, company),
      company_name: company,
      license_number: body.license_number ?? '',
      tax_period: taxPeriod,
      period: body.period || taxPeriod,
      average_mpg: body.average_mpg,
      status: body.status ?? (body.is_final ? 'final' : 'draft'),
      jurisdictions: body.jurisdictions,
    };
  }

  private async checkJurisdictionNames(userId: string, rows: ReportJurisdictionInputDto[]): Promise<void> {
    const directory = await this.accountJurisdictions.forAccount(userId);
    const fields: Record<string, string> = {};
    rows.forEach((row, index) => {
      if (!directory.isKnown(row.name)) {
        fields[`jurisdictions.${index}.name`] =
          `jurisdictions.${index}.name "${row.name}" is not an IFTA jurisdiction or a name in your tax-rate table`;
      }
    });
    this.throwIfAny(fields);
  }

  /**
   * Every derived number comes from here: client-sent gallons_consumed, net_gallons and tax_due are never read.
   * Inputs are first rounded to their stored scale, so the stored figures reproduce from the stored inputs.
   */
  private compute(input: ReportInput) {
    const averageMpg = roundTo(input.average_mpg, 2);
    const rows = input.jurisdictions.map((row, position) => ({
      position,
      name: row.name.trim(),
      totalMiles: roundQuantity(toNumber(row.total_miles)),
      taxableMiles: roundQuantity(toNumber(row.taxable_miles)),
      gallonsPurchased: roundQuantity(toNumber(row.gallons_purchased)),
      taxRate: roundRate(toNumber(row.tax_rate)),
    }));
    const { rows: calculated, totals } = calculateReport(rows, averageMpg);
    const fields: Record<string, string> = {};
    const stored = calculated.map((row) => {
      const out = {
        position: row.position,
        name: row.name,
        total_miles: row.totalMiles,
        taxable_miles: row.taxableMiles,
        gallons_purchased: row.gallonsPurchased,
        tax_rate: row.taxRate,
        gallons_consumed: roundQuantity(row.gallonsConsumed),
        net_gallons: roundQuantity(row.netGallons),
        tax_due: roundMoney(row.taxDue),
      };
      if (Math.abs(out.gallons_consumed) >= ROW_QUANTITY_LIMIT || Math.abs(out.tax_due) >= ROW_MONEY_LIMIT) {
        fields[`jurisdictions.${row.position}.taxable_miles`] =
          `jurisdictions.${row.position}: the computed gallons or tax are too large; check the miles and average_mpg`;
      }
      return out;
    });
    this.throwIfAny(fields);
    return {
      rows: stored,
      report: {
        name: input.name,
        company_name: input.company_name,
        license_number: input.license_number,
        tax_period: input.tax_period,
        period: input.period,
        average_mpg: averageMpg,
        status: input.status,
        total_miles: roundQuantity(totals.totalMiles),
        taxable_miles: roundQuantity(totals.taxableMiles),
        gallons_purchased: roundQuantity(totals.gallonsPurchased),
        gallons_consumed: roundQuantity(stored.reduce((sum, row) => sum + row.gallons_consumed, 0)),
        net_gallons: roundQuantity(stored.reduce((sum, row) => sum + row.net_gallons, 0)),
        tax_due: totals.taxDue,
      },
    };
  }

  private throwIfAny(fields: Record<string, string>): void {
    const messages = Object.values(fields);
    if (messages.length === 0) return;
    const sentence = messages.join('; ');
    throw new BadRequestException({ error: sentence, message: sentence, fields });
  }
}
