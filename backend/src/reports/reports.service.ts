import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  addExactly,
  amountsDueByJurisdiction,
  type CalculationMode,
  calculateReport,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  foldRatesInForce,
  missingRates,
  type JurisdictionFuelRates,
  type RatesByFuel,
  ratesQuarterOf,
  roundQuantity,
  roundRate,
  roundTo,
  toNumber,
} from '../ifta/index.js';
import { Clock } from '../common/clock/clock.js';
import { UsageLimitReachedException } from '../common/guards/subscription.guard.js';
import { type ReportCap, SubscriptionAccess } from '../common/subscription-access.js';
import { AccountTaxRates } from '../tax-rates/account-tax-rates.service.js';
import { milesWithoutFuel, type ReportWarning, taxableBeyondTotal } from './line-checks.js';
import { ratePeriodsOutside, refuseOneLineAcrossRatePeriods, samePeriodTwice } from './rate-period-checks.js';
import { officialReport } from './official-report.js';
import { AccountJurisdictionsService } from './account-jurisdictions.service.js';
import { ReportFilingService } from './report-filing.service.js';
import type { ComputedReport } from './report-queries.js';
import { rowInput } from './report-entity-values.js';
import { ReportsRepository } from './reports.repository.js';
import { ReturnPaymentsRepository } from './return-payments.repository.js';
import type { CreateReportDto, ReportJurisdictionInputDto } from './dto/create-report.dto.js';
import { type QueryReportsDto, REPORT_PAGE_PARAMETERS } from './dto/query-reports.dto.js';
import type { DeleteReportResponseDto, ReportResponseDto } from './dto/report-response.dto.js';
import { REPORT_LIMITS } from './dto/report-limits.js';
import type { UpdateReportDto } from './dto/update-report.dto.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report, ReportStatus } from './entities/report.entity.js';
import { isUuid } from '../common/validators/uuid.js';
import { AuditLog, changedFields, lineChanges, type LineFigures } from '../audit/audit-log.js';
import type { EntityManager } from 'typeorm';

/** Largest absolute value a numeric(14,3) row column and a numeric(14,2) money column hold. */
const ROW_QUANTITY_LIMIT = 1e11;
const ROW_MONEY_LIMIT = 1e12;

/** A saved report's answer carries `warnings` only when there are some, so it stays the detail's shape otherwise. */
const withWarnings = (report: ReportResponseDto, warnings: ReportWarning[]): ReportResponseDto =>
  warnings.length > 0 ? { ...report, warnings } : report;

export function defaultReportName(taxPeriod: string, companyName: string): string {
  return `IFTA ${taxPeriod || 'Report'} - ${companyName}`.slice(0, 200);
}

/** A computed report before its filing figures (due date, penalty, interest) are added by withFiling. */
type FilingField = 'due_date' | 'filed_at' | 'penalty' | 'interest' | 'interest_rate_missing';
type Unfiled = { report: Omit<ComputedReport['report'], FilingField>; rows: ComputedReport['rows'] };

/** What the directory says about one input line. */
interface ResolvedLine {
  code: string;
  nonIfta: boolean;
  fuelType: string;
}

type LineInput = {
  position: number;
  name: string;
  code: string;
  fuelType: string;
  nonIfta: boolean;
  totalMiles: number;
  taxableMiles: number;
  gallonsPurchased: number;
  nonTaxPaidGallons: number;
  taxRate: number;
  surchargeRate: number;
};

interface ReportInput {
  filed_at: string | undefined;
  name: string;
  company_name: string;
  license_number: string;
  tax_period: string;
  period: string;
  average_mpg: number;
  status: ReportStatus;
  calculation_mode: CalculationMode;
  jurisdictions: ReportJurisdictionInputDto[];
}

@Injectable()
export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
    private readonly accountJurisdictions: AccountJurisdictionsService,
    private readonly clock: Clock,
    private readonly filing: ReportFilingService,
    private readonly taxRates: AccountTaxRates,
    private readonly access: SubscriptionAccess,
    private readonly audit: AuditLog,
    private readonly payments: ReturnPaymentsRepository,
  ) {}

  /**
   * GET /reports as JSON text, sent as it is. With any of the page parameters (README, "Reports list and dashboard at fleet size") one page of
   * summaries with its pagination and the account's counts. Without them the spec's plain array of the newest
   * reports with their lines (at most REPORT_LIMITS.maxListLimit, README "Reports list"); `offset`, which only that
   * array had, keeps asking for it, with `limit` up to that maximum, as the dashboard's table calls it.
   */
  async listJson(userId: string, query: QueryReportsDto): Promise<string> {
    if (query.offset !== undefined || REPORT_PAGE_PARAMETERS.every((name) => query[name] === undefined)) {
      const pageOnly = REPORT_PAGE_PARAMETERS.find((name) => name !== 'limit' && query[name] !== undefined);
      if (pageOnly) this.refuse(pageOnly, `${pageOnly} asks for a page, which is chosen with page, not offset`);
      const limit = query.limit ?? REPORT_LIMITS.maxListLimit;
      return this.repository.listJson(userId, limit, query.offset ?? 0);
    }
    if (query.limit !== undefined && query.limit > REPORT_LIMITS.maxPageSize) {
      this.refuse('limit', `limit must be at most ${REPORT_LIMITS.maxPageSize}`);
    }
    const page = query.page ?? 1;
    const limit = query.limit ?? REPORT_LIMITS.pageSize;
    const result = await this.repository.page(userId, {
      page,
      limit,
      search: query.search,
      status: query.status,
      sort: query.sort ?? 'created_at',
      order: query.order ?? 'desc',
    });
    const pagination = { total: result.matched, totalPages: Math.ceil(result.matched / limit), page, limit };
    return `{"data":${result.data},"pagination":${JSON.stringify(pagination)},"counts":${JSON.stringify(result.counts)}}`;
  }

  private refuse(field: string, message: string): never {
    throw new BadRequestException({ error: message, message, fields: { [field]: message } });
  }

  /** GET /reports/{id} as JSON text, sent as it is (report-queries.ts, findReportJson). */
  async getJson(userId: string, id: string): Promise<string> {
    const report = isUuid(id) ? await this.repository.findJson(userId, id) : undefined;
    if (!report) throw new NotFoundException({ error: 'Report not found' });
    return withAuthors(report, await this.audit.reportAuthors(userId, id));
  }

  async get(userId: string, id: string): Promise<ReportResponseDto> {
    const report = isUuid(id) ? await this.repository.findResponse(userId, id) : undefined;
    if (!report) throw new NotFoundException({ error: 'Report not found' });
    return report;
  }

  /** The report and its rows, for export; 404 for another account's id. */
  async load(userId: string, id: string): Promise<{ report: Report; rows: ReportJurisdiction[] }> {
    const report = await this.find(userId, id);
    return { report, rows: await this.rowsOf(userId, id) };
  }

  /**
   * Saves a new report if the month has room under the plan's cap: `cap` as the SubscriptionGuard read it, else read
   * here. The insert claims the room in its own statement (PLANS.md, Usage limit).
   */
  async create(userId: string, body: CreateReportDto, cap?: ReportCap | null): Promise<ReportResponseDto> {
    const input = this.normalise(body);
    const lines = await this.resolveLines(userId, input.jurisdictions);
    const { warnings, ...unfiled } = await this.compute(userId, input, lines);
    const computed = await this.withFiling(userId, input, unfiled);
    const limit = await this.capFor(userId, cap);
    const saved = await this.repository.insert(
      userId,
      computed,
      this.clock.now(),
      limit?.limit ?? null,
      await this.filing.annualRates(),
    );
    if (!saved) this.full(limit);
    // A final's balance: a new amendment owes its return's total and carries the payments already made on it.
    if (saved.status === 'final') Object.assign(saved, await this.payments.balance(undefined, userId, saved.id));
    // A create records who made the report, not its lines: they are the report's own rows, and every later update
    // records the before/after of each line it changes (and a delete the lines it removes), so the report as created
    // is its lines with the updates' before values put back. Copying every line into the event cost a create 15%.
    await this.recordSaved(undefined, userId, 'create', saved, null, null, {});
    return withWarnings(saved, warnings);
  }

  /** A rewrite of a report not yet counted this month takes room under the cap as a create does. */
  async update(userId: string, id: string, body: UpdateReportDto, cap?: ReportCap | null): Promise<ReportResponseDto> {
    const current = await this.find(userId, id);
    this.assertEditable(current);
    const official = (body.calculation_mode ?? current.calculationMode) === 'official';
    const storedLines = await this.rowsOf(userId, id);
    const jurisdictions = body.jurisdictions ?? storedLines.map((row) => rowInput(row, official));
    const input = this.normalise({
      name: body.name ?? current.name,
      company_name: body.company_name ?? current.companyName,
      license_number: body.license_number ?? current.licenseNumber,
      tax_period: body.tax_period ?? current.taxPeriod,
      period: body.period ?? current.period,
      // An official report's stored MPG is the fleet's, never a typed figure to send again.
      average_mpg: body.average_mpg ?? (current.calculationMode === 'official' ? 0 : current.averageMpg),
      calculation_mode: body.calculation_mode ?? current.calculationMode,
      status: body.status ?? (body.is_final === undefined ? current.status : body.is_final ? 'final' : 'draft'),
      filed_at: body.filed_at,
      jurisdictions,
    });
    const lines = await this.resolveLines(userId, input.jurisdictions);
    const { warnings, ...unfiled } = await this.compute(userId, input, lines);
    const computed = await this.withFiling(userId, input, unfiled);
    const limit = await this.capFor(userId, cap);
    const linesBefore = lineValues(storedLines.map((row) => rowInput(row)));
    const outcome = await this.repository.replace(
      userId,
      id,
      computed,
      this.clock.now(),
      limit?.limit ?? null,
      (locked) => this.assertEditable(locked),
      await this.filing.annualRates(),
      // The edit's events commit with it: the report as saved is the input, amended once its return is settled.
      async (manager) => {
        const amended = await this.repository.amendedIn(manager, userId, id);
        const saved = { ...input, id, amended };
        // The lines as priced and stored (an official line's rate is the table's, not the blank that was sent), so
        // they compare like for like with the stored lines before.
        const linesAfter = lineValues(computed.rows);
        await this.recordSaved(manager, userId, 'update', saved, current, linesBefore, linesAfter);
      },
    );
    if (outcome === 'missing') throw new NotFoundException({ error: 'Report not found' });
    if (outcome === 'full') this.full(limit);
    return withWarnings(await this.get(userId, id), warnings);
  }

  /**
   * What an official report's lines come to with the rates in the tables now, nothing saved: tells a final return
   * priced with provisional or since-corrected rates what an amended return would change, and gives its lines.
   */
  async priceNow(userId: string, id: string): Promise<{ taxDue: number; body: CreateReportDto }> {
    const { report, rows } = await this.load(userId, id);
    const jurisdictions = rows.map((row) => rowInput(row, true));
    const body: CreateReportDto = {
      name: report.name,
      company_name: report.companyName,
      license_number: report.licenseNumber,
      tax_period: report.taxPeriod,
      period: report.period,
      average_mpg: 0,
      calculation_mode: 'official',
      status: 'draft',
      jurisdictions,
    };
    const computed = await this.compute(userId, this.normalise(body), await this.resolveLines(userId, jurisdictions));
    return { taxDue: computed.report.tax_due, body };
  }

  private async capFor(userId: string, cap: ReportCap | null | undefined): Promise<ReportCap | null> {
    return cap === undefined ? this.access.reportCap(userId) : cap;
  }

  /** The month had no room: the guard's USAGE_LIMIT_REACHED answer. Only a capped plan's month can be full. */
  private full(cap: ReportCap | null): never {
    if (!cap) throw new Error('A month without a report cap cannot be full');
    throw new UsageLimitReachedException(cap, cap.limit);
  }

  /** Corrects the filing day of a final report; penalty and interest are recomputed from it. */
  async updateFiling(userId: string, id: string, filedAt: string): Promise<ReportResponseDto> {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Report not found' });
    const annualRates = await this.filing.annualRates();
    const updated = await this.repository.updateFiling(
      userId,
      id,
      async (report, rows) => {
        if (report.status !== 'final') {
          throw new ConflictException({ error: 'Only a final report has a filing date' });
        }
        return this.filing.filingFigures(
          userId,
          { tax_period: report.taxPeriod, status: report.status, filed_at: filedAt },
          amountsDueByJurisdiction(
            rows.map((row) => ({ code: row.code, taxDue: row.taxDue, surchargeDue: row.surchargeDue })),
          ),
        );
      },
      annualRates,
    );
    if (!updated) throw new NotFoundException({ error: 'Report not found' });
    const saved = await this.get(userId, id);
    await this.audit.record(undefined, {
      companyId: userId,
      action: 'update',
      entity: 'report',
      entityId: id,
      summary: `Corrected the filing date of report ${saved.name} to ${saved.filed_at ?? filedAt}`,
    });
    return saved;
  }

  async remove(userId: string, id: string): Promise<DeleteReportResponseDto> {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Report not found' });
    // The delete keeps the lines the report held (before, with no after): with each update's before values, the
    // trail then tells what a deleted report held at any time since it was created.
    const deleted = await this.repository.delete(
      userId,
      id,
      await this.filing.annualRates(),
      (manager, name, lines) => {
        const held = lineValues(lines.map((line) => rowInput(line)));
        return this.audit.record(manager, {
          companyId: userId,
          action: 'delete',
          entity: 'report',
          entityId: id,
          summary: `Deleted report ${name}`,
          changes: changedFields(held, null, Object.keys(held)),
        });
      },
    );
    if (deleted === 'missing') throw new NotFoundException({ error: 'Report not found' });
    if (deleted === 'voided') {
      throw new ConflictException({ error: 'A voided return is kept on record with its reason; it cannot be deleted' });
    }
    if (deleted !== 'deleted') {
      throw new ConflictException({
        error: `This return is the return of record for ${deleted.returnOfRecord}. Void it instead, with a reason.`,
      });
    }
    return { id, deleted: true };
  }

  /**
   * Voids a filed return of record, keeping it: the final before it is the return of record again. The audit
   * trail's event, with the reason, commits with the void.
   */
  async void(userId: string, id: string, reason: string): Promise<ReportResponseDto> {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Report not found' });
    const trimmed = reason.trim();
    if (trimmed.length < 5) this.refuse('reason', 'reason must be at least 5 characters');
    const outcome = await this.repository.void(userId, id, trimmed, await this.filing.annualRates(), (manager, name) =>
      this.audit.record(manager, {
        companyId: userId,
        action: 'void',
        entity: 'report',
        entityId: id,
        summary: `Voided report ${name}: ${trimmed}`,
        changes: { void_reason: { before: null, after: trimmed } },
      }),
    );
    if (outcome === 'missing') throw new NotFoundException({ error: 'Report not found' });
    if (outcome === 'not_record') {
      throw new ConflictException({ error: 'Only a filed return that is the return of record can be voided' });
    }
    return this.get(userId, id);
  }

  /** Records a download of the report (the export service calls it once the document is made). */
  async recordExport(userId: string, id: string, name: string, format: 'xlsx' | 'pdf'): Promise<void> {
    await this.audit.record(undefined, {
      companyId: userId,
      action: 'export',
      entity: 'report',
      entityId: id,
      summary: `Exported report ${name} as ${format.toUpperCase()}`,
      changes: null,
    });
  }

  /**
   * The events of a saved report: its create or update with the before/after of the header fields and lines that
   * changed, then `finalise` when it became final by this save and `amend` when it superseded a final of its return.
   */
  private async recordSaved(
    manager: EntityManager | undefined,
    userId: string,
    action: 'create' | 'update',
    saved: SavedReportFacts,
    current: Report | null,
    linesBefore: Record<string, LineFigures> | null,
    linesAfter: Record<string, LineFigures>,
  ): Promise<void> {
    const header = current && {
      name: current.name,
      company_name: current.companyName,
      license_number: current.licenseNumber,
      tax_period: current.taxPeriod,
      calculation_mode: current.calculationMode,
      status: current.status,
    };
    const fields = ['name', 'company_name', 'license_number', 'tax_period', 'calculation_mode', 'status'];
    const merged = {
      ...(action === 'update' ? changedFields(header, saved as unknown as Record<string, unknown>, fields) : {}),
      ...lineChanges(linesBefore, linesAfter),
    };
    const changes = Object.keys(merged).length > 0 ? merged : null;
    const event = { companyId: userId, entity: 'report' as const, entityId: saved.id };
    const verb = action === 'create' ? 'Created' : 'Updated';
    await this.audit.record(manager, { ...event, action, summary: `${verb} report ${saved.name}`, changes });
    if (saved.status !== 'final' || current?.status === 'final') return;
    await this.audit.record(manager, { ...event, action: 'finalise', summary: `Finalised report ${saved.name}` });
    if (saved.amended)
      await this.audit.record(manager, {
        ...event,
        action: 'amend',
        summary: `Amended the return with report ${saved.name}`,
      });
  }

  private async find(userId: string, id: string): Promise<Report> {
    const report = isUuid(id) ? await this.repository.find(userId, id) : null;
    if (!report) throw new NotFoundException({ error: 'Report not found' });
    return report;
  }

  private rowsOf(userId: string, reportId: string): Promise<ReportJurisdiction[]> {
    return this.repository.rowsOf(userId, reportId);
  }

  private assertEditable(report: Report): void {
    if (report.status === 'final') throw new ConflictException({ error: 'Final reports cannot be edited' });
  }

  private normalise(body: CreateReportDto): ReportInput {
    const company = body.company_name.trim();
    const taxPeriod = body.tax_period ?? '';
    const mode = body.calculation_mode ?? 'worksheet';
    // IFTA's MPG is the fleet's total miles / total gallons of each fuel type: a typed MPG belongs to the spec's
    // worksheet, and silently computing the return on it would file the wrong tax.
    if (mode === 'official' && (body.average_mpg ?? 0) > 0) {
      this.refuse(
        'average_mpg',
        "average_mpg cannot be typed in official mode: the return uses each fuel type's fleet MPG (total miles / " +
          'total gallons); leave average_mpg out or 0, or use calculation_mode "worksheet" for a typed MPG',
      );
    }
    return {
      name: body.name || defaultReportName(taxPeriod, company),
      company_name: company,
      license_number: body.license_number ?? '',
      tax_period: taxPeriod,
      period: body.period || taxPeriod,
      average_mpg: body.average_mpg ?? 0,
      status: body.status ?? (body.is_final ? 'final' : 'draft'),
      filed_at: body.filed_at,
      calculation_mode: mode,
      jurisdictions: body.jurisdictions,
    };
  }

  /**
   * Each line's canonical code from the account's directory (names and codes both accepted); a name it does not
   * know, or a second line for the same code and fuel type, is a 400 naming the line (one line per
   * jurisdiction and fuel type, so no jurisdiction is rounded twice). The account's rate table is read only when a
   * row names something beyond the built-in members and non-IFTA jurisdictions: a typical return names members
   * only, and reading the whole table for it was most of the create's rows fetched (a create read all 58 rows).
   */
  private async resolveLines(userId: string, rows: ReportJurisdictionInputDto[]): Promise<ResolvedLine[]> {
    const builtIn = createJurisdictionDirectory([]);
    const directory = rows.every((row) => builtIn.resolve(row.name) !== undefined)
      ? builtIn
      : await this.accountJurisdictions.forAccount(userId);
    const fields: Record<string, string> = {};
    const seen = new Map<string, number>();
    const resolved = rows.map((row, index) => {
      const found = directory.resolve(row.name);
      if (!found) {
        fields[`jurisdictions.${index}.name`] =
          `jurisdictions.${index}.name "${row.name}" is not an IFTA jurisdiction or a name in your tax-rate table`;
        return { code: '', nonIfta: false, fuelType: DEFAULT_FUEL_TYPE };
      }
      const fuelType = row.fuel_type ?? DEFAULT_FUEL_TYPE;
      const line = { code: found.abbreviation, nonIfta: found.nonIfta === true, fuelType };
      // One line per jurisdiction, fuel type and rate period: a second line is a later period (rate_from).
      const key = `${line.code}|${line.fuelType}|${row.rate_from ?? ''}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else {
        fields[`jurisdictions.${index}.name`] =
          `jurisdictions.${index}.name "${row.name}" repeats jurisdictions.${first} (${line.code}, ${line.fuelType}): ` +
          'a report holds one line per jurisdiction and fuel type; add the miles and gallons into one line';
      }
      return line;
    });
    this.throwIfAny(fields);
    return resolved;
  }

  /**
   * Every derived number comes from here: client-sent gallons_consumed, net_gallons and tax_due are never read.
   * Inputs are first rounded to their stored scale, so the stored figures reproduce from the stored inputs.
   */
  private async compute(
    userId: string,
    input: ReportInput,
    lines: ResolvedLine[],
  ): Promise<Unfiled & { warnings: ReportWarning[] }> {
    const rows = input.jurisdictions.map((row, position) => ({
      position,
      name: row.name.trim(),
      code: lines[position].code,
      fuelType: lines[position].fuelType,
      nonIfta: lines[position].nonIfta,
      totalMiles: roundQuantity(toNumber(row.total_miles)),
      taxableMiles: roundQuantity(toNumber(row.taxable_miles)),
      gallonsPurchased: roundQuantity(toNumber(row.gallons_purchased)),
      nonTaxPaidGallons: roundQuantity(toNumber(row.non_tax_paid_gallons)),
      // A non-IFTA line owes nothing, so it keeps no rate.
      taxRate: lines[position].nonIfta ? 0 : roundRate(toNumber(row.tax_rate)),
      surchargeRate: lines[position].nonIfta ? 0 : roundRate(toNumber(row.surcharge_rate)),
      rateFrom: row.rate_from ?? null,
    }));
    const official = input.calculation_mode === 'official';
    this.throwIfAny(taxableBeyondTotal(rows, official));
    this.throwIfAny(ratePeriodsOutside(rows, input.period, official));
    let computed: Unfiled;
    if (official) {
      const rates = await this.ratesInForce(userId, input.period, rows);
      this.throwIfAny(samePeriodTwice(rows, rates, input.period));
      refuseOneLineAcrossRatePeriods(rows, rates, input.period);
      computed = officialReport(this.header(input), rows, rates);
    } else {
      computed = this.worksheet(input, rows);
    }
    const fields: Record<string, string> = {};
    for (const out of computed.rows) {
      if (Math.abs(out.gallons_consumed) >= ROW_QUANTITY_LIMIT || Math.abs(out.tax_due) >= ROW_MONEY_LIMIT) {
        fields[`jurisdictions.${out.position}.taxable_miles`] =
          `jurisdictions.${out.position}: the computed gallons or tax are too large; check the miles and average_mpg`;
      }
    }
    this.throwIfAny(fields);
    return { ...computed, warnings: official ? milesWithoutFuel(rows) : [] };
  }

  private header(input: ReportInput) {
    return {
      name: input.name,
      company_name: input.company_name,
      license_number: input.license_number,
      tax_period: input.tax_period,
      period: input.period,
      status: input.status,
      calculation_mode: input.calculation_mode,
    };
  }

  /** The spec's formula (docs/product-spec.md §5), unchanged: typed MPG, unrounded gallons, no surcharges. */
  private worksheet(input: ReportInput, rows: LineInput[]): Unfiled {
    const averageMpg = roundTo(input.average_mpg, 2);
    const { rows: calculated, totals } = calculateReport(rows, averageMpg);
    const stored = calculated.map((row) => ({
      position: row.position,
      name: row.name,
      code: row.code,
      fuel_type: row.fuelType,
      total_miles: row.totalMiles,
      taxable_miles: row.taxableMiles,
      gallons_purchased: row.gallonsPurchased,
      tax_rate: row.taxRate,
      gallons_consumed: row.stored.gallonsConsumed,
      net_gallons: row.stored.netGallons,
      tax_due: row.stored.taxDue,
      non_tax_paid_gallons: row.nonTaxPaidGallons,
      surcharge_rate: 0,
      surcharge_due: 0,
      rate_source: null,
      rate_from: null,
    }));
    return {
      rows: stored,
      report: {
        ...this.header(input),
        average_mpg: averageMpg,
        mpg_source: null,
        fleet_mpg: null,
        total_miles: totals.totalMiles,
        taxable_miles: totals.taxableMiles,
        gallons_purchased: totals.gallonsPurchased,
        gallons_consumed: totals.gallonsConsumed,
        net_gallons: totals.netGallons,
        tax_due: totals.taxDue,
        non_tax_paid_gallons: rows.reduce((sum, row) => addExactly(sum, row.nonTaxPaidGallons), 0),
        surcharge_due: 0,
        schedules: [],
      },
    };
  }

  /**
   * The account's rates for the report's quarter (a monthly period's quarter) and each fuel type its lines name,
   * through the tax-rate feature's exported service: the quarter's own, and the newest quarter's, marked provisional,
   * for jurisdictions it has none for. A period that is no quarter or month finds none, so lines need typed rates.
   */
  private async ratesInForce(userId: string, period: string, rows: LineInput[]): Promise<RatesByFuel> {
    const quarter = ratesQuarterOf(period);
    const byFuel = await this.tableRatesNow(
      userId,
      period,
      rows.map((row) => row.fuelType),
    );
    await this.refuseMissingRates(quarter ?? period, rows, byFuel);
    return byFuel;
  }

  /**
   * The table rates an official report for `period` would take now, per fuel type and code (the quarter's own, else
   * the newest quarter's, provisional): what tells a built return that the rates it used have since changed.
   */
  async tableRatesNow(userId: string, period: string, fuelTypes: readonly string[]): Promise<RatesByFuel> {
    const quarter = ratesQuarterOf(period);
    const byFuel = new Map<string, Map<string, JurisdictionFuelRates>>();
    if (!quarter) return byFuel;
    for (const fuelType of new Set(fuelTypes)) {
      const { official, provisional } = await this.taxRates.ratesToApply(userId, quarter, fuelType);
      byFuel.set(fuelType, foldRatesInForce([...official, ...provisional]));
    }
    return byFuel;
  }

  /**
   * An official line that no source prices (the quarter's table, a typed rate, the newest quarter's table) is a 422
   * naming it: storing it at $0 would file a return that owes nothing there.
   */
  private async refuseMissingRates(quarter: string, rows: LineInput[], byFuel: RatesByFuel): Promise<void> {
    const missing = missingRates(rows, byFuel);
    if (missing.length === 0) return;
    // A past quarter whose matrix was never loaded is never priced with another quarter's rates: say how to get it.
    const [, q, year] = /^Q([1-4])-(\d{4})$/.exec(quarter) ?? [];
    const fields: Record<string, string> = {};
    if (q && (await this.taxRates.matrixNotLoaded(quarter))) {
      fields.tax_period = matrixNotLoadedMessage(quarter, `${q}Q${year}`);
    }
    for (const { position, code, fuelType } of missing) {
      fields[`jurisdictions.${position}.tax_rate`] =
        `jurisdictions.${position}: no ${fuelType} tax rate for ${code} in ${quarter}; import that quarter's rate ` +
        'matrix, add the rate on the Tax Rates page, or type the rate on the line';
    }
    const sentence = Object.values(fields).join('; ');
    throw new UnprocessableEntityException({ error: sentence, message: sentence, fields });
  }

  private async withFiling(userId: string, input: ReportInput, computed: Unfiled): Promise<ComputedReport> {
    const figures = await this.filing.filingFigures(
      userId,
      { tax_period: input.tax_period, status: input.status, filed_at: input.filed_at },
      amountsDueByJurisdiction(
        computed.rows.map((row) => ({ code: row.code, taxDue: row.tax_due, surchargeDue: row.surcharge_due })),
      ),
    );
    return { rows: computed.rows, report: { ...computed.report, ...figures } };
  }

  private throwIfAny(fields: Record<string, string>): void {
    const messages = Object.values(fields);
    if (messages.length === 0) return;
    const sentence = messages.join('; ');
    throw new BadRequestException({ error: sentence, message: sentence, fields });
  }
}

/** A report's lines by jurisdiction, fuel and rate period, with the figures an edit may change (for the audit trail). */
/** A line as sent or as stored: what names it and the figures its events compare. */
type LineOfRecord = Pick<ReportJurisdictionInputDto, 'name' | 'total_miles' | 'taxable_miles' | 'gallons_purchased'> & {
  fuel_type?: string | null;
  rate_from?: string | null;
  tax_rate?: number | null;
};

function lineValues(lines: readonly LineOfRecord[]): Record<string, LineFigures> {
  return Object.fromEntries(
    lines.map((line) => [
      `line ${line.name} ${line.fuel_type ?? 'diesel'}${line.rate_from ? ` from ${line.rate_from}` : ''}`,
      {
        total_miles: Number(line.total_miles ?? 0),
        taxable_miles: Number(line.taxable_miles ?? 0),
        gallons_purchased: Number(line.gallons_purchased ?? 0),
        tax_rate: Number(line.tax_rate ?? 0),
      },
    ]),
  );
}

/** The detail's JSON text with who prepared and who finalised the report (null when no event says so). */
function withAuthors(json: string, authors: { prepared_by: unknown; finalised_by: unknown }): string {
  const end = json.lastIndexOf('}');
  return `${json.slice(0, end)},"prepared_by":${JSON.stringify(authors.prepared_by)},"finalised_by":${JSON.stringify(authors.finalised_by)}}`;
}

/** What the audit trail reads of a saved report. */
interface SavedReportFacts {
  id: string;
  name: string;
  status: ReportStatus;
  amended: boolean;
}

/** What a return for a quarter IFTA published, whose matrix was never loaded, is told to do. */
const matrixNotLoadedMessage = (quarter: string, file: string) =>
  `IFTA's rate matrix of ${quarter} is not loaded: an operator loads it (Operator console, Rate matrices, or ` +
  `npm run rates:import -- ${file}.csv; IFTA publishes it at https://www.iftach.org/taxmatrix/charts/${file}.csv), ` +
  "or type each line's rate";
