import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isCountedThisMonth, reportsUsedThisMonth } from './report-usage.js';

/** A report as a list of the returns of a period names it. */
export interface PeriodReturnRow {
  id: string;
  name: string;
  tax_period: string;
  status: 'draft' | 'final';
  amended: boolean;
}

/**
 * The reads behind ReportUsageMeter and FinalReturns, the reports feature's answers to other features (billing
 * limits, filing reminders). The usage meter's SQL stays in report-usage.ts, beside the write that fills it.
 */
@Injectable()
export class ReportFactsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  reportsUsedThisMonth(userId: string, now: Date): Promise<number> {
    return reportsUsedThisMonth(this.db.manager, userId, now);
  }

  isCountedThisMonth(userId: string, reportId: string, now: Date): Promise<boolean> {
    return isCountedThisMonth(this.db.manager, userId, reportId, now);
  }

  /** Of these accounts, those with a final report for the return due on `dueDate` (a voided one files nothing). */
  async withFinalReturn(userIds: string[], dueDate: string): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM reports WHERE user_id = ANY($1::uuid[]) AND status = 'final' AND voided_at IS NULL
          AND due_date = $2`,
      [userIds, dueDate],
    )) as Array<{ user_id: string }>;
    return new Set(rows.map((row) => row.user_id));
  }

  /** Of these reports of the account, the final ones. */
  async finalAmong(userId: string, reportIds: string[]): Promise<Set<string>> {
    if (reportIds.length === 0) return new Set();
    const rows = (await this.db.query(
      `SELECT id FROM reports WHERE user_id = $1 AND id = ANY($2::uuid[]) AND status = 'final'`,
      [userId, reportIds],
    )) as Array<{ id: string }>;
    return new Set(rows.map((row) => row.id));
  }

  /**
   * The account's reports of these tax periods that count for their return (its latest final, else its latest
   * draft; a worksheet report always counts): finals newest first, then drafts last changed first.
   */
  countedOfPeriods(userId: string, periods: string[]): Promise<PeriodReturnRow[]> {
    return this.db.query(
      `SELECT id, name, tax_period, status, amended FROM reports
        WHERE user_id = $1 AND tax_period = ANY($2::text[]) AND counted
        ORDER BY finalised_at DESC NULLS LAST, updated_at DESC, id`,
      [userId, periods],
    );
  }

  /** Every final report of the account, read in the caller's transaction when given. */
  async finalIds(userId: string, manager: EntityManager = this.db.manager): Promise<string[]> {
    const rows = (await manager.query(`SELECT id FROM reports WHERE user_id = $1 AND status = 'final'`, [
      userId,
    ])) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}
