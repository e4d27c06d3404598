import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AccountSeeder } from '../auth/account-seeder.js';
import { definedFields } from '../common/defined-fields.js';
import type { BulkUpdateResultDto, BulkUpdateTaxRatesDto } from './dto/bulk-update-tax-rates.dto.js';
import type { CreateTaxRateDto } from './dto/create-tax-rate.dto.js';
import type { QueryTaxRatesDto } from './dto/query-tax-rates.dto.js';
import { TaxRateResponseDto, type TaxRatePageDto } from './dto/tax-rate-response.dto.js';
import type { UpdateTaxRateDto } from './dto/update-tax-rate.dto.js';
import { TaxRate } from './entities/tax-rate.entity.js';
import { seedTaxRates } from './seed/seed-tax-rates.js';
import { TAX_RATE_PAGE_SIZE, type TaxRateSortField } from './tax-rate-options.js';
import { activeRateConflict } from './tax-rates.errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Name sorts ignore case, so 'alpha' and 'Beta' read A-Z as a person expects. */
const SORT_EXPRESSIONS: Record<TaxRateSortField, string> = {
  name: 'LOWER(t.name)',
  rate: 't.rate',
  effective_date: 't.effective_date',
  created_at: 't.created_at',
};

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The calendar date an ISO date or timestamp was written with ('2026-04-01T00:00:00-05:00' -> '2026-04-01'). */
const calendarDate = (iso: string) => iso.slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

const RAW_COLUMNS = `t.id, t.name, t.abbreviation, t.rate, t.country, t.is_active,
  to_char(t.effective_date, 'YYYY-MM-DD') AS effective_date, t.created_at, t.updated_at`;

interface RawTaxRateRow extends Omit<TaxRateResponseDto, 'rate'> {
  rate: string;
  total_count?: string;
}

const fromRawRow = ({ total_count: _total, rate, ...row }: RawTaxRateRow): TaxRateResponseDto => ({
  ...row,
  rate: Number(rate),
});

/** The WHERE clause of the list query and its parameters ($1 is always the account). */
function filterSql(userId: string, query: QueryTaxRatesDto): { where: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const clauses = ['t.user_id = $1'];
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
    seeder: AccountSeeder,
  ) {
    seeder.register((manager, userId) => seedTaxRates(manager, userId));
  }

  async listAll(userId: string): Promise<TaxRateResponseDto[]> {
    const rows: RawTaxRateRow[] = await this.rates.query(
      `SELECT ${RAW_COLUMNS} FROM tax_rates t WHERE t.user_id = $1 ORDER BY LOWER(t.name) ASC, t.id ASC`,
      [userId],
    );
    return rows.map(fromRawRow);
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
       ORDER BY ${sort} ${order}${sort === SORT_EXPRESSIONS.name ? '' : ', LOWER(t.name) ASC'}, t.id ASC
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
      data: rows.map(fromRawRow),
      pagination: { total, totalPages: Math.ceil(total / limit), page, limit },
    };
  }

  async findOne(userId: string, id: string): Promise<TaxRateResponseDto> {
    return TaxRateResponseDto.from(await this.findOwned(userId, id));
  }

  async create(userId: string, dto: CreateTaxRateDto): Promise<TaxRateResponseDto> {
    const row = this.rates.create({
      userId,
      name: dto.name,
      abbreviation: dto.abbreviation,
      rate: dto.rate,
      country: dto.country,
      is_active: dto.is_active ?? true,
      effective_date: dto.effective_date ? calendarDate(dto.effective_date) : today(),
    });
    try {
      return TaxRateResponseDto.from(await this.rates.save(row));
    } catch (error) {
      throw activeRateConflict(error, dto.abbreviation) ?? error;
    }
  }

  async update(userId: string, id: string, dto: UpdateTaxRateDto): Promise<TaxRateResponseDto> {
    const row = await this.findOwned(userId, id);
    const { effective_date, ...fields } = definedFields(dto);
    Object.assign(row, fields);
    if (effective_date) row.effective_date = calendarDate(effective_date);
    try {
      return TaxRateResponseDto.from(await this.rates.save(row));
    } catch (error) {
      throw activeRateConflict(error, row.abbreviation) ?? error;
    }
  }

  async remove(userId: string, id: string): Promise<TaxRateResponseDto> {
    const row = await this.findOwned(userId, id);
    await this.rates.delete({ id: row.id, userId });
    return TaxRateResponseDto.from(row);
  }

  /** One statement, so either every selected rate changes or (on a 409) none does. */
  async bulkUpdate(userId: string, dto: BulkUpdateTaxRatesDto): Promise<BulkUpdateResultDto> {
    const ids = [...new Set(dto.ids.map((id) => id.toLowerCase()))];
    try {
      const result = await this.rates
        .createQueryBuilder()
        .update(TaxRate)
        .set({ is_active: dto.is_active })
        .where('user_id = :userId', { userId })
        .andWhere('id IN (:...ids)', { ids })
        .andWhere('is_active <> :isActive', { isActive: dto.is_active })
        .execute();
      return { updated: result.affected ?? 0 };
    } catch (error) {
      throw activeRateConflict(error) ?? error;
    }
  }

  /** Another account's rate, a missing one and a malformed id all answer the same 404. */
  private async findOwned(userId: string, id: string): Promise<TaxRate> {
    const row = UUID.test(id) ? await this.rates.findOneBy({ id, userId }) : null;
    if (!row) throw new NotFoundException({ error: 'Tax rate not found' });
    return row;
  }
}
