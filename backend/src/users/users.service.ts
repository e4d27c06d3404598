import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { definedFields } from '../common/defined-fields.js';
import { AuditLog, changedFields } from '../audit/audit-log.js';
import { type SettingsDto, type UpdateSettingsDto } from './dto/settings.dto.js';
import { UserSettings } from './entities/user-settings.entity.js';
import { User } from './entities/user.entity.js';
import { DEFAULT_SETTINGS } from './settings-options.js';

type SettingsValues = Omit<UserSettings, 'userId' | 'user' | 'updatedAt'>;

/** The row's properties under the API's snake_case field names (docs/product-spec.md §3). */
function toDto(row: SettingsValues): SettingsDto {
  return {
    default_mpg: row.defaultMpg,
    preferred_currency: row.preferredCurrency,
    date_format: row.dateFormat,
    timezone: row.timezone,
    language: row.language,
    email_notifications: row.emailNotifications,
    report_reminders: row.reportReminders,
    company_address: row.companyAddress,
    company_phone: row.companyPhone,
    ifta_license_number: row.iftaLicenseNumber,
    fein: row.fein,
    base_jurisdiction: row.baseJurisdiction,
    default_tax_period_type: row.defaultTaxPeriodType,
    distance_unit: row.distanceUnit,
  };
}

/** The API's settings object as the entity's properties, every field named so no key is dropped. */
function toValues(dto: SettingsDto): SettingsValues {
  return {
    defaultMpg: dto.default_mpg,
    preferredCurrency: dto.preferred_currency,
    dateFormat: dto.date_format,
    timezone: dto.timezone,
    language: dto.language,
    emailNotifications: dto.email_notifications,
    reportReminders: dto.report_reminders,
    companyAddress: dto.company_address,
    companyPhone: dto.company_phone,
    iftaLicenseNumber: dto.ifta_license_number,
    fein: dto.fein,
    baseJurisdiction: dto.base_jurisdiction,
    defaultTaxPeriodType: dto.default_tax_period_type,
    distanceUnit: dto.distance_unit,
  };
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserSettings) private readonly settings: Repository<UserSettings>,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The signed-in account (every caller passes the token's user id). Without its row the account was deleted while
   * the token's session was still cached as live: a 401, as for a revoked session.
   */
  async findById(id: string): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new UnauthorizedException({ error: 'Authentication required' });
    return user;
  }

  /** The account's language setting alone (the error answers' language); undefined for an account without settings. */
  async languageOf(userId: string): Promise<string | undefined> {
    const row = await this.settings.findOne({ where: { userId }, select: { language: true } });
    return row?.language;
  }

  /** Called inside the registration transaction so an account never exists without its settings. */
  async createDefaultSettings(manager: EntityManager, userId: string): Promise<void> {
    await manager.insert(UserSettings, { userId, ...toValues(DEFAULT_SETTINGS) });
  }

  async getSettings(userId: string): Promise<SettingsDto> {
    const row = await this.settings.findOneBy({ userId });
    if (row) return toDto(row);
    // An account made before settings existed (or by hand) still gets a full object.
    await this.settings.insert({ userId, ...toValues(DEFAULT_SETTINGS) });
    return { ...DEFAULT_SETTINGS };
  }

  async updateSettings(userId: string, changes: UpdateSettingsDto): Promise<SettingsDto> {
    const current = await this.getSettings(userId);
    const next = { ...current, ...definedFields(changes) };
    await this.settings.update({ userId }, toValues(next));
    await this.recordSettings(userId, 'update', 'Updated settings', current, next);
    return next;
  }

  async resetSettings(userId: string): Promise<SettingsDto> {
    const current = await this.getSettings(userId);
    await this.settings.update({ userId }, toValues(DEFAULT_SETTINGS));
    await this.recordSettings(userId, 'reset', 'Reset settings to the defaults', current, DEFAULT_SETTINGS);
    return { ...DEFAULT_SETTINGS };
  }

  /** The settings event with the before/after of every field that changed. */
  private async recordSettings(
    userId: string,
    action: string,
    summary: string,
    before: SettingsDto,
    after: SettingsDto,
  ): Promise<void> {
    const changes = changedFields({ ...before }, { ...after }, Object.keys(after));
    await this.audit.record(undefined, { companyId: userId, action, entity: 'settings', summary, changes });
  }
}
