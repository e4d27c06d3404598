import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The SQL of the calendar feature: `sent_reminders` (one row per reminder gone out) and the reminder job's lock. */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Runs `work` only if this process takes the session-level advisory lock `key` (one connection holds it for the
   * whole run, the work itself uses the pool); answers null when another process holds it.
   */
  async underJobLock<T>(key: number, work: () => Promise<T>): Promise<{ value: T } | null> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [key])) as [
        { locked: boolean },
      ];
      if (!locked) return null;
      try {
        return { value: await work() };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      await runner.release();
    }
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
