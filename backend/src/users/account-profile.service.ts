import { Injectable } from '@nestjs/common';
import { type ReminderRecipient, UsersRepository } from './users.repository.js';

import { DEFAULT_SETTINGS } from './settings-options.js';

export type { ReminderRecipient } from './users.repository.js';

/** The language, date format and time zone an account's e-mails and documents are written in. */
export interface AccountWriting {
  language: 'en' | 'ru';
  dateFormat: string;
  timeZone: string;
}

/**
 * What other features may read of an account (docs/style.md: another feature's tables are read through a small service
 * of the owning module): its e-mail and company name, its default MPG, and who wants filing reminders.
 */
@Injectable()
export class AccountProfile {
  constructor(private readonly users: UsersRepository) {}

  /** E-mail address and company name; throws for an unknown id (every caller holds an existing account's id). */
  async contact(userId: string): Promise<{ email: string; companyName: string }> {
    const profile = await this.users.profile(userId);
    if (!profile) throw new Error(`no account ${userId}`);
    return profile;
  }

  /**
   * How the account writes what is sent to it (an e-mail, a document): its language, date format and time zone;
   * Settings' defaults for an account without settings.
   */
  async writing(userId: string): Promise<AccountWriting> {
    const row = await this.users.writing(userId);
    return {
      language: row?.language === 'ru' ? 'ru' : 'en',
      dateFormat: row?.date_format ?? DEFAULT_SETTINGS.date_format,
      timeZone: row?.timezone ?? DEFAULT_SETTINGS.timezone,
    };
  }

  /** The account's e-mail address; throws for an unknown id. */
  async email(userId: string): Promise<string> {
    return (await this.contact(userId)).email;
  }

  /** The e-mail addresses of these accounts (a company's members), by id. */
  emails(userIds: string[]): Promise<Map<string, string>> {
    return this.users.emails(userIds);
  }

  /** The company names of these accounts (the companies a person belongs to), by id. */
  companyNames(ids: string[]): Promise<Map<string, string>> {
    return this.users.companyNames(ids);
  }

  /** The company name, or null for an unknown id. */
  async companyName(userId: string): Promise<string | null> {
    return (await this.users.profile(userId))?.companyName ?? null;
  }

  /** The default MPG setting as exact text, or null when the account has no settings row yet. */
  defaultMpg(userId: string): Promise<string | null> {
    return this.users.defaultMpg(userId);
  }

  /** The base jurisdiction setting (an IFTA member's code), or '' when not set. */
  baseJurisdiction(userId: string): Promise<string> {
    return this.users.baseJurisdiction(userId);
  }

  /** The time zones in which at least one account wants filing reminders. */
  reminderTimezones(): Promise<string[]> {
    return this.users.reminderTimezones();
  }

  /** One page, ordered by id and after `afterId`, of the accounts in `timezone` that want filing reminders. */
  reminderRecipients(timezone: string, afterId: string, limit: number): Promise<ReminderRecipient[]> {
    return this.users.reminderRecipients(timezone, afterId, limit);
  }
}
