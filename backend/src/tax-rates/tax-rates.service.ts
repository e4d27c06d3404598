import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type Repository, type SelectQueryBuilder } from 'typeorm';
import { AccountSeeder } from '../auth/account-seeder.js';
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

@Injectable()
export class TaxRatesService {
  constructor(
    @InjectRepository(TaxRate) private readonly rates: Repository<TaxRate>,
    seeder: AccountSeeder,
  ) {
    seeder.register((manager, userId) => seedTaxRates(manager, userId));
  }

  async listAll(userId: string): Promise<TaxRateResponseDto[]> {
    const rows = await this.rates
      .createQueryBuilder('t')
      .where('t.user_id = :userId', { userId })
      .orderBy('LOWER(t.name)', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .getMany();
    return rows.map(TaxRateResponseDto.from);
  }

  async findPage(userId: string, query: QueryTaxRatesDto): Promise<TaxRatePageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? TAX_RATE_PAGE_SIZE;
    const sort = query.sort ?? 'name';
    const order = query.order === 'desc' ? 'DESC' : 'ASC';

    const filtered = this.filtered(userId, query);
    const rowsQuery = filtered
      .clone()
      // The total rides along with the rows, so a page is one round trip.
      .addSelect('COUNT(*) OVER ()', 'total_count')
      .orderBy(SORT_EXPRESSIONS[sort], order);
    if (sort !== 'name') rowsQuery.addOrderBy('LOWER(t.name)', 'ASC');
    rowsQuery
      .addOrderBy('t.id', 'ASC')
      .offset((page - 1) * limit)
      .limit(limit);

    const { entities, raw } = await rowsQuery.getRawAndEntities<{ total_count: string }>();
    // Past the last page no row carries the total: count separately (rare).
    const total = raw.length > 0 ? Number(raw[0].total_count) : page > 1 ? await filtered.getCount() : 0;
    return {
      data: entities.map(TaxRateResponseDto.from),
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
    const { effective_date, ...fields } = dto;
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

  private filtered(userId: string, query: QueryTaxRatesDto): SelectQueryBuilder<TaxRate> {
    const qb = this.rates.createQueryBuilder('t').where('t.user_id = :userId', { userId });
    const search = query.search?.trim();
    if (search) {
      qb.andWhere(
        new Brackets((or) =>
          or.where('t.name ILIKE :pattern').orWhere('t.abbreviation ILIKE :pattern', {
            pattern: `%${escapeLike(search)}%`,
          }),
        ),
      );
    }
    if (query.country) qb.andWhere('t.country = :country', { country: query.country });
    if (query.is_active) qb.andWhere('t.is_active = :isActive', { isActive: query.is_active === 'true' });
    return qb;
  }

  /** Another account's rate, a missing one and a malformed id all answer the same 404. */
  private async findOwned(userId: string, id: string): Promise<TaxRate> {
    const row = UUID.test(id) ? await this.rates.findOneBy({ id, userId }) : null;
    if (!row) throw new NotFoundException({ error: 'Tax rate not found' });
    return row;
  }
}
