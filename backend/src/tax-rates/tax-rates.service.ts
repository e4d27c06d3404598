import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AccountSeeder } from '../auth/account-seeder.js';
import { definedFields } from '../common/defined-fields.js';
import type { BulkUpdateResultDto, BulkUpdateTaxRatesDto } from './dto/bulk-update-tax-rates.dto.js';
import type { CreateTaxRateDto } from './dto/create-tax-rate.dto.js';
import type { QueryTaxRatesDto } from './dto/query-tax-rates.dto.js';
import { TaxRateResponseDto, type TaxRatePageDto } from './dto/tax-rate-response.dto.js';
import type { UpdateTaxRateDto } from './dto/update-tax-rate.dto.js';
import { TaxRate } from './entities/tax-rate.entity.js';
import { DEFAULT_FUEL_TYPE } from './fuel-types.js';
import { parseQuarter } from './quarter.js';
import { seedMatrixRates } from './seed/seed-matrix-rates.js';
import { seedTaxRates } from './seed/seed-tax-rates.js';
import { TaxRateHistoryRepository } from './tax-rate-history.repository.js';
import { TAX_RATE_PAGE_SIZE, type TaxRateSortField } from './tax-rate-options.js';
import { activeRateConflict, activeRateExists } from './tax-rates.errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Name sorts ignore case, so 'alpha' and 'Beta' read A-Z as a person expects. */
const SORT_EXPRESSIONS: Record<TaxRateSortField, string> = {
  name: 'LOWER(t.name)',
  rate: 't.rate',
  effective_date: 't.effective_date',
  created_at: 't.created_at',
};

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The calendar date an ISO date or timestamp was written with ('2026-04-01T00:00:00-05:00' -> '2026-04-01'). */
const calendarDate = (iso: string) => iso.slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

const RAW_COLUMNS = `t.id, t.name, t.abbreviation, t.rate, t.country, t.is_active,
  to_char(t.effective_date, 'YYYY-MM-DD') AS effective_date, t.created_at, t.updated_at,
  t.fuel_type, t.kind, t.rate_cad_per_litre`;

interface RawTaxRateRow extends Omit<TaxRateResponseDto, 'rate' | 'rate_cad_per_litre'> {
  rate: string;
  rate_cad_per_litre: string | null;
  total_count?: string;
}

/**
 * The spec's row shape; the fuel type, kind and CAD/L figure ride along only when the list was asked for a quarter
 * or a fuel type (issue 12), so a client written to the spec sees exactly the fields it knows.
 */
const fromRawRow =
  (history: boolean) =>
  ({ total_count: _total, rate, fuel_type, kind, rate_cad_per_litre, ...row }: RawTaxRateRow): TaxRateResponseDto => ({
    ...row,
    rate: Number(rate),
    ...(history
      ? { fuel_type, kind, rate_cad_per_litre: rate_cad_per_litre === null ? null : Number(rate_cad_per_litre) }
      : {}),
  });

/**
 * A row not superseded: inactive, or active with no later active rate of the same jurisdiction, fuel type and kind.
 * The spec's table (and so the calculator's rate list) shows these: an imported earlier quarter never doubles a
 * jurisdiction, and a rate entered in the form always shows.
 */
const CURRENT_IN_SERIES = `(NOT t.is_active OR NOT EXISTS (
  SELECT 1 FROM tax_rates s WHERE s.user_id = t.user_id AND upper(s.abbreviation) = upper(t.abbreviation)
    AND s.fuel_type = t.fuel_type AND s.kind = t.kind AND s.is_active AND s.effective_date > t.effective_date))`;

/** Whether a list query asks for the dated, per-fuel view (issue 12) rather than the spec's table. */
const isHistoryQuery = (query: QueryTaxRatesDto) => query.quarter !== undefined || query.fuel_type !== undefined;

/**
 * The WHERE clause of the list query and its parameters ($1 is always the account).
 * - Neither `quarter` nor `fuel_type`: the spec's table, the current diesel base rate of each jurisdiction.
 * - `fuel_type` (default diesel) with or without `quarter`: base and surcharge rows of that fuel; with `quarter`,
 *   every rate whose effective date falls in the quarter (the quarterly rule of AccountTaxRates), else current ones.
 */
function filterSql(userId: string, query: QueryTaxRatesDto): { where: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const clauses = ['t.user_id = $1'];
  params.push(query.fuel_type ?? DEFAULT_FUEL_TYPE);
  clauses.push(`t.fuel_type = $${params.length}`);
  if (!isHistoryQuery(query)) clauses.push(`t.kind = 'base'`);
  const quarter = query.quarter ? parseQuarter(query.quarter) : undefined;
  if (quarter) {
    params.push(quarter.start, quarter.end);
    clauses.push(`t.effective_date BETWEEN $${params.length - 1} AND $${params.length}`);
  } else {
    clauses.push(CURRENT_IN_SERIES);
  }
  const search = query.search?.trim();
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    clauses.push(`(t.name ILIKE $${params.length} OR t.abbreviation ILIKE $${params.length})`);
  }
  if (query.country) {
    params.push(query.country);
    clauses.push(`t.country = $${params.length}`);
  }
  if (query.is_active) {
    params.push(query.is_active === 'true');
    clauses.push(`t.is_active = $${params.length}`);
  }
  return { where: clauses.join(' AND '), params };
}

@Injectable()
export class TaxRatesService {
  constructor(
    @InjectRepository(TaxRate) private readonly rates: Repository<TaxRate>,
    private readonly history: TaxRateHistoryRepository,
    seeder: AccountSeeder,
  ) {
    seeder.register(async (manager, userId) => {
      await seedTaxRates(manager, userId);
      await seedMatrixRates(manager, userId);
    });
  }

  /** The spec's table: every current diesel base rate, active or not. */
  async listAll(userId: string): Promise<TaxRateResponseDto[]> {
    const { where, params } = filterSql(userId, {});
    const rows: RawTaxRateRow[] = await this.rates.query(
      `SELECT ${RAW_COLUMNS} FROM tax_rates t WHERE ${where} ORDER BY LOWER(t.name) ASC, t.id ASC`,
      params,
    );
    return rows.map(fromRawRow(false));
  }

  async findPage(userId: string, query: QueryTaxRatesDto): Promise<TaxRatePageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? TAX_RATE_PAGE_SIZE;
    const sort = SORT_EXPRESSIONS[query.sort ?? 'name'];
    const order = query.order === 'desc' ? 'DESC' : 'ASC';
    const { where, params } = filterSql(userId, query);
    // Hand-written SQL: this is the list screen's hot path, and the total rides along with the rows (one round
    // trip). The ORDER BY pieces come from fixed lists, never from the request's text.
    const rows: RawTaxRateRow[] = await this.rates.query(
      `SELECT ${RAW_COLUMNS}, COUNT(*) OVER () AS total_count
       FROM tax_rates t WHERE ${where}
       ORDER BY ${sort} ${order}${sort === SORT_EXPRESSIONS.name ? '' : ', LOWER(t.name) ASC'},
         t.kind ASC, t.effective_date ASC, t.id ASC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, (page - 1) * limit],
    );
    // Past the last page no row carries the total: count separately (rare).
    const total =
      rows.length > 0
        ? Number(rows[0].total_count)
        : page > 1
          ? Number((await this.rates.query(`SELECT COUNT(*) AS n FROM tax_rates t WHERE ${where}`, params))[0].n)
          : 0;
    return {
      data: rows.map(fromRawRow(isHistoryQuery(query))),
      pagination: { total, totalPages: Math.ceil(total / limit), page, limit },
    };
  }

  async findOne(userId: string, id: string): Promise<TaxRateResponseDto> {
    return TaxRateResponseDto.from(await this.findOwned(userId, id));
  }

  async create(userId: string, dto: CreateTaxRateDto): Promise<TaxRateResponseDto> {
    return this.history.transaction(async (manager) => {
      await this.history.lockAccount(manager, userId);
      const repository = manager.getRepository(TaxRate);
      const row = repository.create({
        userId,
        name: dto.name,
        abbreviation: dto.abbreviation,
        rate: dto.rate,
        country: dto.country,
        isActive: dto.is_active ?? true,
        effectiveDate: dto.effective_date ? calendarDate(dto.effective_date) : today(),
        fuelType: DEFAULT_FUEL_TYPE,
        kind: 'base',
      });
      await this.assertSoleActive(manager, userId, row);
      return this.saveRow(repository, row);
    });
  }

  async update(userId: string, id: string, dto: UpdateTaxRateDto): Promise<TaxRateResponseDto> {
    return this.history.transaction(async (manager) => {
      await this.history.lockAccount(manager, userId);
      const repository = manager.getRepository(TaxRate);
      const row = await this.findOwned(userId, id, repository);
      const wasActive = row.isActive;
      const previousAbbreviation = row.abbreviation.toUpperCase();
      const { effective_date, is_active, ...fields } = definedFields(dto);
      Object.assign(row, fields);
      if (is_active !== undefined) row.isActive = is_active;
      if (effective_date) row.effectiveDate = calendarDate(effective_date);
      if (!wasActive || row.abbreviation.toUpperCase() !== previousAbbreviation) {
        await this.assertSoleActive(manager, userId, row);
      }
      return this.saveRow(repository, row);
    });
  }

  async remove(userId: string, id: string): Promise<TaxRateResponseDto> {
    const row = await this.findOwned(userId, id);
    await this.rates.delete({ id: row.id, userId });
    return TaxRateResponseDto.from(row);
  }

  /** One transaction, so either every selected rate changes or (on a 409) none does. */
  async bulkUpdate(userId: string, dto: BulkUpdateTaxRatesDto): Promise<BulkUpdateResultDto> {
    const ids = [...new Set(dto.ids.map((id) => id.toLowerCase()))];
    return this.history.transaction(async (manager) => {
      await this.history.lockAccount(manager, userId);
      if (dto.is_active) {
        const clash = await this.history.bulkActivationConflict(manager, userId, ids);
        if (clash) throw activeRateExists(clash);
      }
      try {
        const result = await manager
          .createQueryBuilder()
          .update(TaxRate)
          .set({ isActive: dto.is_active })
          .where('user_id = :userId', { userId })
          .andWhere('id IN (:...ids)', { ids })
          .andWhere('is_active <> :isActive', { isActive: dto.is_active })
          .execute();
        return { updated: result.affected ?? 0 };
      } catch (error) {
        throw activeRateConflict(error) ?? error;
      }
    });
  }

  /** The spec's rule for the form: a rate being made active must be the only active one of its series. */
  private async assertSoleActive(manager: EntityManager, userId: string, row: TaxRate): Promise<void> {
    if (!row.isActive) return;
    if (await this.history.otherActiveInSeries(manager, userId, row, row.id)) {
      throw activeRateExists(row.abbreviation.toUpperCase());
    }
  }

  private async saveRow(repository: Repository<TaxRate>, row: TaxRate): Promise<TaxRateResponseDto> {
    try {
      return TaxRateResponseDto.from(await repository.save(row));
    } catch (error) {
      throw activeRateConflict(error, row.abbreviation) ?? error;
    }
  }

  /** Another account's rate, a missing one and a malformed id all answer the same 404. */
  private async findOwned(userId: string, id: string, repository = this.rates): Promise<TaxRate> {
    const row = UUID.test(id) ? await repository.findOneBy({ id, userId }) : null;
    if (!row) throw new NotFoundException({ error: 'Tax rate not found' });
    return row;
  }
}
