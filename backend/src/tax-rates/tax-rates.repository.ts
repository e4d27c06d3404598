import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { QueryTaxRatesDto } from './dto/query-tax-rates.dto.js';
import type { TaxRateResponseDto } from './dto/tax-rate-response.dto.js';
import { queryPrepared } from '../database/prepared-statements.js';
import { TaxRate } from './entities/tax-rate.entity.js';
import { DEFAULT_FUEL_TYPE } from './fuel-types.js';
import { parseQuarter } from './quarter.js';
import { seedMatrixRates } from './seed/seed-matrix-rates.js';
import { seedTaxRates } from './seed/seed-tax-rates.js';
import { AccountOfficialRatesRepository } from './official/account-official-rates.repository.js';
import type { TaxRateSortField } from './tax-rate-options.js';
import { containsPattern } from '../common/sql/like.js';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

/** Name sorts ignore case, so 'alpha' and 'Beta' read A-Z as a person expects. */
const SORT_EXPRESSIONS: Record<TaxRateSortField, string> = {
  name: 'LOWER(t.name)',
  rate: 't.rate',
  effective_date: 't.effective_date',
  created_at: 't.created_at',
};

/** The spec table's columns (no fuel type, kind or CAD/L figure: a client written to the spec knows none). */
const RAW_COLUMNS = `t.id, t.name, t.abbreviation, t.rate, t.country, t.is_active,
  to_char(t.effective_date, 'YYYY-MM-DD') AS effective_date, t.created_at, t.updated_at`;

/** A rate of the spec table as the query reads it: the rate as exact text, the date as 'YYYY-MM-DD'. */
export interface RawTaxRateRow extends Omit<TaxRateResponseDto, 'rate' | 'fuel_type' | 'kind' | 'rate_cad_per_litre'> {
  rate: string;
}

/**
 * A row not superseded: inactive, or active with no later active rate of the same jurisdiction, fuel type and kind.
 * The spec's table (and so the calculator's rate list) shows these: an imported earlier quarter never doubles a
 * jurisdiction, and a rate entered in the form always shows. Kept on every write by triggers (TaxRateCurrentFlag)
 * and read through the partial index tax_rates_current_page.
 */
const CURRENT_IN_SERIES = 't.is_current';

/** Whether a list query asks for the dated, per-fuel view rather than the spec's table. */
export const isHistoryQuery = (query: QueryTaxRatesDto) => query.quarter !== undefined || query.fuel_type !== undefined;

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
    params.push(containsPattern(search));
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

/**
 * The SQL of the spec's rate table: the list and its pages, the form's rows, bulk activation and the seed of a new
 * account. Rate history (quarters, imports, the one-active-rate rule) is TaxRateHistoryRepository's.
 */
@Injectable()
export class TaxRatesRepository {
  constructor(
    @InjectRepository(TaxRate) private readonly rates: Repository<TaxRate>,
    private readonly official: AccountOfficialRatesRepository,
  ) {}

  /**
   * A new account's rate table, in the registration transaction: the matrix the product ships with, then every
   * official matrix published since (a quarter the updater or an operator added).
   */
  async seedAccount(manager: EntityManager, userId: string): Promise<void> {
    await seedTaxRates(manager, userId);
    await seedMatrixRates(manager, userId);
    await this.official.applyPublishedToAccount(manager, userId);
  }

  /** The spec's table: every current diesel base rate, active or not. */
  listAll(userId: string): Promise<RawTaxRateRow[]> {
    const { where, params } = filterSql(userId, {});
    return this.rates.query(
      `SELECT ${RAW_COLUMNS} FROM tax_rates t WHERE ${where} ORDER BY LOWER(t.name) ASC, t.id ASC`,
      params,
    );
  }

  /**
   * One page of the list as the JSON text of its rates (TaxRateResponseDto, with fuel_type, kind and
   * rate_cad_per_litre for a history query), each built by PostgreSQL, so Node neither parses 20 rows and 40
   * timestamps nor serialises them again (2.2 → 2.0 ms of Node CPU a page: docs/PERFORMANCE.md). Past the
   * last page no row carries the total, so it is counted separately (rare).
   */
  async pageJson(
    userId: string,
    query: QueryTaxRatesDto,
    page: number,
    limit: number,
  ): Promise<{ data: string; total: number }> {
    const sort = SORT_EXPRESSIONS[query.sort ?? 'name'];
    const order = query.order === 'desc' ? 'DESC' : 'ASC';
    const { where, params } = filterSql(userId, query);
    const history = isHistoryQuery(query)
      ? ', t.fuel_type, t.kind, t.rate_cad_per_litre::float8 AS rate_cad_per_litre'
      : '';
    // Hand-written SQL: this is the list screen's hot path, and the total rides along with the rows (one round
    // trip). The ORDER BY pieces come from fixed lists, never from the request's text. Rates go out as float8,
    // whose shortest text is the number JSON.stringify wrote for them.
    const text = `SELECT (SELECT row_to_json(r) FROM (SELECT t.id, t.name, t.abbreviation, t.rate::float8 AS rate,
              t.country, t.is_active, to_char(t.effective_date, 'YYYY-MM-DD') AS effective_date,
              ${isoTimestamp('t.created_at')} AS created_at,
              ${isoTimestamp('t.updated_at')} AS updated_at${history}) r)::text AS json,
              COUNT(*) OVER ()::int AS total_count
       FROM tax_rates t WHERE ${where}
       ORDER BY ${sort} ${order}${sort === SORT_EXPRESSIONS.name ? '' : ', LOWER(t.name) ASC'},
         t.kind ASC, t.effective_date ASC, t.id ASC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    const values = [...params, limit, (page - 1) * limit];
    // Prepared per shape of the query (filters present, sort), planned once per connection; a search is not, as the
    // reports list's is not (report-list-page.ts): a generic plan cannot see how selective the pattern is.
    const rows: Array<{ json: string; total_count: number }> = query.search?.trim()
      ? await this.rates.query(text, values)
      : await queryPrepared(this.rates.manager.connection, text, values);
    const total =
      rows.length > 0
        ? rows[0].total_count
        : page > 1
          ? Number((await this.rates.query(`SELECT COUNT(*) AS n FROM tax_rates t WHERE ${where}`, params))[0].n)
          : 0;
    return { data: `[${rows.map((row) => row.json).join(',')}]`, total };
  }

  build(fields: Partial<TaxRate>): TaxRate {
    return this.rates.create(fields);
  }

  /** The account's rate `id` (read in the caller's transaction when given), or null. */
  findOwned(userId: string, id: string, manager: EntityManager = this.rates.manager): Promise<TaxRate | null> {
    return manager.findOneBy(TaxRate, { id, userId });
  }

  save(manager: EntityManager, row: TaxRate): Promise<TaxRate> {
    return manager.save(row);
  }

  async delete(manager: EntityManager, userId: string, id: string): Promise<void> {
    await manager.delete(TaxRate, { id, userId });
  }

  /** Sets is_active on the account's rates `ids` that differ; answers how many changed. */
  async setActive(manager: EntityManager, userId: string, ids: string[], isActive: boolean): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(TaxRate)
      .set({ isActive: isActive })
      .where('user_id = :userId', { userId })
      .andWhere('id IN (:...ids)', { ids })
      .andWhere('is_active <> :isActive', { isActive })
      .execute();
    return result.affected ?? 0;
  }
}
