import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { definedFields } from '../common/defined-fields.js';
import { settingsFieldNames, type SettingsDto, type UpdateSettingsDto } from './dto/settings.dto.js';
import { UserSettings } from './entities/user-settings.entity.js';
import { User } from './entities/user.entity.js';
import { DEFAULT_SETTINGS } from './settings-options.js';

function toDto(row: UserSettings): SettingsDto {
  return Object.fromEntries(settingsFieldNames.map((field) => [field, row[field]])) as unknown as SettingsDto;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserSettings) private readonly settings: Repository<UserSettings>,
  ) {}

  async findById(id: string): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException({ error: 'Account not found' });
    return user;
  }

  /** Called inside the registration transaction so an account never exists without its settings. */
  async createDefaultSettings(manager: EntityManager, userId: string): Promise<void> {
    await manager.insert(UserSettings, { userId, ...DEFAULT_SETTINGS });
  }

  async getSettings(userId: string): Promise<SettingsDto> {
    const row = await this.settings.findOneBy({ userId });
    if (row) return toDto(row);
    // An account made before settings existed (or by hand) still gets a full object.
    await this.settings.insert({ userId, ...DEFAULT_SETTINGS });
    return { ...DEFAULT_SETTINGS };
  }

  async updateSettings(userId: string, changes: UpdateSettingsDto): Promise<SettingsDto> {
    const current = await this.getSettings(userId);
    const next = { ...current, ...definedFields(changes) };
    await this.settings.update({ userId }, next);
    return next;
  }

  async resetSettings(userId: string): Promise<SettingsDto> {
    await this.getSettings(userId);
    await this.settings.update({ userId }, { ...DEFAULT_SETTINGS });
    return { ...DEFAULT_SETTINGS };
  }
}
