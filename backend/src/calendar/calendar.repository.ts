import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { type JobLease, underJobLock } from '../database/job-lock.js';

/** The SQL of the calendar feature: `sent_reminders` (one row per reminder gone out) and the reminder job's lock. */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** `work` under the job's advisory lock, or null when another process runs it (database/job-lock.ts). */
  underJobLock<T>(key: number, work: (lease: JobLease) => Promise<T>): Promise<{ value: T } | null> {
    return underJobLock(this.db, key, work);
  }

  /** Of these accounts, those already sent the reminder `daysBefore` days ahead of `period`'s due date. */
  async remindedAmong(userIds: string[], period: string, daysBefore: number): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = (await this.db.query(
      `SELECT user_id FROM sent_reminders WHERE user_id = ANY($1::uuid[]) AND period = $2 AND days_before = $3`,
      [userIds, period, daysBefore],
    )) as Array<{ user_id: string }>;
    return new Set(rows.map((row) => row.user_id));
  }

  /** Records a reminder in the caller's transaction; false when it was recorded before (sent already). */
  async recordReminder(manager: EntityManager, userId: string, period: string, daysBefore: number): Promise<boolean> {
    const inserted = (await manager.query(
      `INSERT INTO sent_reminders (user_id, period, days_before) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, period, daysBefore],
    )) as unknown[];
    return inserted.length > 0;
  }
}
