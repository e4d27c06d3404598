import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { UserSettings } from './entities/user-settings.entity.js';
import { User } from './entities/user.entity.js';

/** An account that wants filing reminders, with what its e-mail needs. */
export interface ReminderRecipient {
  id: string;
  email: string;
  company_name: string;
  language: string;
  date_format: string;
  /** The day the account was opened, where it is (YYYY-MM-DD): a return due before it was filed elsewhere, if at all. */
  joined_on: string;
}

/** The SQL of the users feature's tables beyond UsersService's finds: sign-in, new accounts, what others read. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserSettings) private readonly settings: Repository<UserSettings>,
  ) {}

  /** The account with its password hash (a column never selected otherwise), by e-mail whatever its case. */
  byEmailWithHash(email: string): Promise<User | null> {
    return this.withHash().where('lower(user.email) = :email', { email }).getOne();
  }

  byIdWithHash(id: string): Promise<User | null> {
    return this.withHash().where('user.id = :id', { id }).getOne();
  }

  byEmail(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('user').where('lower(user.email) = :email', { email }).getOne();
  }

  /** Inserts in the caller's transaction (registration); a taken e-mail throws the unique violation. */
  async insert(
    manager: EntityManager,
    fields: Pick<User, 'email' | 'passwordHash' | 'companyName'> & Partial<Pick<User, 'mailTo' | 'emailProvenAt'>>,
  ): Promise<User> {
    const created = manager.create(User, fields);
    await manager.insert(User, created);
    return created;
  }

  /** Whether the account's address is proven (a link mailed to it was followed, or a reset through it). */
  async isEmailProven(id: string): Promise<boolean> {
    const [row] = (await this.users.query('SELECT email_proven_at IS NOT NULL AS proven FROM users WHERE id = $1', [
      id,
    ])) as Array<{ proven: boolean }>;
    return row?.proven ?? false;
  }

  /** The account's address, lower-cased, when it is proven; null while anyone could have typed it. */
  async provenEmail(id: string): Promise<string | null> {
    const [row] = (await this.users.query(
      'SELECT lower(email) AS email FROM users WHERE id = $1 AND email_proven_at IS NOT NULL',
      [id],
    )) as Array<{ email: string }>;
    return row?.email ?? null;
  }

  /** Marks the address proven in the caller's transaction; true only for the first proof (the row is locked). */
  async markEmailProven(manager: EntityManager, id: string): Promise<boolean> {
    const [rows] = (await manager.query(
      'UPDATE users SET email_proven_at = now() WHERE id = $1 AND email_proven_at IS NULL RETURNING id',
      [id],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async setPasswordHash(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
    await manager.update(User, { id }, { passwordHash });
  }

  /** Company name and the address its mail goes to, or null for an unknown id. */
  async profile(id: string): Promise<{ email: string; companyName: string } | null> {
    const user = await this.users.findOneBy({ id });
    return user ? { email: user.mailTo ?? user.email, companyName: user.companyName } : null;
  }

  /** The e-mail addresses of these accounts, by id (an unknown id is left out). */
  async emails(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.find({ where: { id: In(ids) }, select: { id: true, email: true } });
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /** The company names of these accounts, by id. */
  async companyNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.find({ where: { id: In(ids) }, select: { id: true, companyName: true } });
    return new Map(rows.map((row) => [row.id, row.companyName]));
  }

  /** How the account's e-mails and documents are written (Settings: language, date_format, timezone), or null. */
  async writing(userId: string): Promise<{ language: string; date_format: string; timezone: string } | null> {
    const row = await this.settings.findOne({
      where: { userId },
      select: { language: true, dateFormat: true, timezone: true },
    });
    return row ? { language: row.language, date_format: row.dateFormat, timezone: row.timezone } : null;
  }

  /** The default MPG setting as exact text, or null when the account has no settings row. */
  async defaultMpg(userId: string): Promise<string | null> {
    const [row] = (await this.settings.query('SELECT default_mpg FROM user_settings WHERE user_id = $1', [
      userId,
    ])) as Array<{ default_mpg: string }>;
    return row?.default_mpg ?? null;
  }

  /** The base jurisdiction setting (an IFTA member's code), or '' when not set. */
  async baseJurisdiction(userId: string): Promise<string> {
    const [row] = (await this.settings.query('SELECT base_jurisdiction FROM user_settings WHERE user_id = $1', [
      userId,
    ])) as Array<{ base_jurisdiction: string }>;
    return row?.base_jurisdiction ?? '';
  }

  /** The time zones of the accounts that want filing reminders. */
  async reminderTimezones(): Promise<string[]> {
    const rows = (await this.settings.query(
      'SELECT DISTINCT timezone FROM user_settings WHERE report_reminders',
    )) as Array<{ timezone: string }>;
    return rows.map((row) => row.timezone);
  }

  /** One page, by id, of the accounts in `timezone` that want filing reminders. */
  reminderRecipients(timezone: string, afterId: string, limit: number): Promise<ReminderRecipient[]> {
    return this.users.query(
      `SELECT u.id, COALESCE(u.mail_to, u.email) AS email, u.company_name, s.language, s.date_format,
              to_char(u.created_at AT TIME ZONE s.timezone, 'YYYY-MM-DD') AS joined_on
         FROM users u JOIN user_settings s ON s.user_id = u.id
        WHERE s.report_reminders AND s.timezone = $1 AND u.id > $2
        ORDER BY u.id LIMIT $3`,
      [timezone, afterId, limit],
    ) as Promise<ReminderRecipient[]>;
  }

  private withHash() {
    return this.users.createQueryBuilder('user').addSelect('user.passwordHash');
  }
}
