import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountSeeder } from '../users/account-seeder.js';
import { definedFields } from '../common/defined-fields.js';
import type { BulkUpdateResultDto, BulkUpdateTaxRatesDto } from './dto/bulk-update-tax-rates.dto.js';
import type { CreateTaxRateDto } from './dto/create-tax-rate.dto.js';
import type { QueryTaxRatesDto } from './dto/query-tax-rates.dto.js';
import { TaxRateResponseDto } from './dto/tax-rate-response.dto.js';
import type { UpdateTaxRateDto } from './dto/update-tax-rate.dto.js';
import type { TaxRate } from './entities/tax-rate.entity.js';
import { DEFAULT_FUEL_TYPE } from './fuel-types.js';
import { TaxRateHistoryRepository } from './tax-rate-history.repository.js';
import { TAX_RATE_PAGE_SIZE } from './tax-rate-options.js';
import { type RawTaxRateRow, TaxRatesRepository } from './tax-rates.repository.js';
import { activeRateConflict, activeRateExists } from './tax-rates.errors.js';
import { isUuid } from '../common/validators/uuid.js';
import { AuditLog, changedFields } from '../audit/audit-log.js';

/** The calendar date an ISO date or timestamp was written with ('2026-04-01T00:00:00-05:00' -> '2026-04-01'). */
const calendarDate = (iso: string) => iso.slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** A rate of the spec table as the API answers it: the rate as a number. */
const fromRawRow = ({ rate, ...row }: RawTaxRateRow): TaxRateResponseDto => ({ ...row, rate: Number(rate) });

/** A rate's event with the before/after of the fields an account changes: rate, active and effective date. */
const rateEvent = (
  companyId: string,
  action: string,
  summary: string,
  before: TaxRateResponseDto | null,
  after: TaxRateResponseDto | null,
) => ({
  companyId,
  action,
  entity: 'tax_rate' as const,
  entityId: (after ?? before)?.id ?? null,
  summary,
  changes: changedFields(
    before as unknown as Record<string, unknown> | null,
    after as unknown as Record<string, unknown> | null,
    ['rate', 'is_active', 'effective_date', 'name', 'abbreviation'],
  ),
});

@Injectable()
export class TaxRatesService {
  constructor(
    private readonly rates: TaxRatesRepository,
    private readonly history: TaxRateHistoryRepository,
    seeder: AccountSeeder,
    private readonly audit: AuditLog,
  ) {
    seeder.register((manager, userId) => this.rates.seedAccount(manager, userId));
  }

  /** The spec's table: every current diesel base rate, active or not. */
  async listAll(userId: string): Promise<TaxRateResponseDto[]> {
    return (await this.rates.listAll(userId)).map(fromRawRow);
  }

  /** One page of the list as the JSON text of TaxRatePageDto, sent as it is. */
  async findPageJson(userId: string, query: QueryTaxRatesDto): Promise<string> {
    const page = query.page ?? 1;
    const limit = query.limit ?? TAX_RATE_PAGE_SIZE;
    const { data, total } = await this.rates.pageJson(userId, query, page, limit);
    const pagination = { total, totalPages: Math.ceil(total / limit), page, limit };
    return `{"data":${data},"pagination":${JSON.stringify(pagination)}}`;
  }

  async findOne(userId: string, id: string): Promise<TaxRateResponseDto> {
    return TaxRateResponseDto.from(await this.findOwned(userId, id));
  }

  async create(userId: string, dto: CreateTaxRateDto): Promise<TaxRateResponseDto> {
    return this.history.transaction(async (manager) => {
      await this.history.lockAccount(manager, userId);
      const row = this.rates.build({
        userId,
        name: dto.name,
        abbreviation: dto.abbreviation,
        rate: dto.rate,
        country: dto.country,
        isActive: dto.is_active ?? true,
        effectiveDate: dto.effective_date ? calendarDate(dto.effective_date) : today(),
        fuelType: DEFAULT_FUEL_TYPE,
        kind: 'base',
        changedByAccount: true,
      });
      await this.assertSoleActive(manager, userId, row);
      const saved = await this.saveRow(manager, row);
      await this.audit.record(manager, rateEvent(userId, 'create', `Created rate ${saved.abbreviation}`, null, saved));
      return saved;
    });
  }

  async update(userId: string, id: string, dto: UpdateTaxRateDto): Promise<TaxRateResponseDto> {
    return this.history.transaction(async (manager) => {
      await this.history.lockAccount(manager, userId);
      const row = await this.findOwned(userId, id, manager);
      const before = TaxRateResponseDto.from(row);
      const wasActive = row.isActive;
      const previousAbbreviation = row.abbreviation.toUpperCase();
      const previousDate = row.effectiveDate;
      const previousRate = Number(row.rate);
      const { effective_date, is_active, ...fields } = definedFields(dto);
      Object.assign(row, fields);
      if (is_active !== undefined) row.isActive = is_active;
      if (effective_date) row.effectiveDate = calendarDate(effective_date);
      if (
        Number(row.rate) !== previousRate ||
        row.abbreviation.toUpperCase() !== previousAbbreviation ||
        row.effectiveDate !== previousDate
      ) {
        row.changedByAccount = true;
      }
      if (!wasActive || row.abbreviation.toUpperCase() !== previousAbbreviation || row.effectiveDate !== previousDate) {
        await this.assertSoleActive(manager, userId, row);
      }
      const saved = await this.saveRow(manager, row);
      await this.audit.record(
        manager,
        rateEvent(userId, 'update', `Updated rate ${saved.abbreviation}`, before, saved),
      );
      return saved;
    });
  }

  /**
   * Under the account's rate lock like every other write: the delete's trigger refreshes its series' current flags
   * under the same lock, and taking it only there, after the row is locked, could deadlock with a writer that holds
   * the lock and refreshes the same series.
   */
  async remove(userId: string, id: string): Promise<TaxRateResponseDto> {
    return this.history.transaction(async (manager) => {
      await this.history.lockAccount(manager, userId);
      const row = await this.findOwned(userId, id, manager);
      await this.rates.delete(manager, userId, row.id);
      const deleted = TaxRateResponseDto.from(row);
      await this.audit.record(
        manager,
        rateEvent(userId, 'delete', `Deleted rate ${deleted.abbreviation}`, deleted, null),
      );
      return deleted;
    });
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
        const updated = await this.rates.setActive(manager, userId, ids, dto.is_active);
        const summary = `${dto.is_active ? 'Activated' : 'Deactivated'} ${updated} rates`;
        await this.audit.record(manager, {
          companyId: userId,
          action: 'bulk_update',
          entity: 'tax_rate',
          summary,
          changes: { is_active: { before: null, after: dto.is_active }, ids: { before: null, after: ids } },
        });
        return { updated };
      } catch (error) {
        throw activeRateConflict(error) ?? error;
      }
    });
  }

  /** The form's rule: a rate being made active must be the only active one of its series in its quarter. */
  private async assertSoleActive(manager: EntityManager, userId: string, row: TaxRate): Promise<void> {
    if (!row.isActive) return;
    if (await this.history.otherActiveInSeries(manager, userId, row, row.id)) {
      throw activeRateExists(row.abbreviation.toUpperCase());
    }
  }

  private async saveRow(manager: EntityManager, row: TaxRate): Promise<TaxRateResponseDto> {
    try {
      return TaxRateResponseDto.from(await this.rates.save(manager, row));
    } catch (error) {
      throw activeRateConflict(error, row.abbreviation) ?? error;
    }
  }

  /** Another account's rate, a missing one and a malformed id all answer the same 404. */
  private async findOwned(userId: string, id: string, manager?: EntityManager): Promise<TaxRate> {
    const row = isUuid(id) ? await this.rates.findOwned(userId, id, manager) : null;
    if (!row) throw new NotFoundException({ error: 'Tax rate not found' });
    return row;
  }
}
