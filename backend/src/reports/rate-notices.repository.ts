import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

export interface RateNoticeRow {
  id: string;
  report_id: string;
  report_name: string;
  quarter: string;
  matrix_version: number;
  previous_tax_due: number;
  new_tax_due: number;
  difference: number;
  created_at: string;
  amendment_id: string | null;
}

/** The amendment_id of a notice whose amended return is being filed. */
const CLAIMED = '00000000-0000-0000-0000-000000000000';

const COLUMNS = `n.id, n.report_id, r.name AS report_name, n.quarter, n.matrix_version,
  n.previous_tax_due::float8 AS previous_tax_due, n.new_tax_due::float8 AS new_tax_due,
  (n.new_tax_due - n.previous_tax_due)::float8 AS difference, ${isoTimestamp('n.created_at')} AS created_at,
  n.amendment_id`;

/** report_rate_notices: final returns whose figures a newly published matrix changes. */
@Injectable()
export class RateNoticesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Final official reports of every account that are their return's return of record (no later final supersedes
   * them, and not voided) and whose period may fall in a quarter (filtered by the caller): a superseded original is
   * never noticed.
   */
  finals(): Promise<Array<{ id: string; user_id: string; period: string; tax_due: number }>> {
    return this.db.query(
      `SELECT id, user_id, period, tax_due::float8 AS tax_due FROM reports
       WHERE status = 'final' AND calculation_mode = 'official' AND superseded_by_id IS NULL AND voided_at IS NULL
       ORDER BY user_id, id`,
    );
  }

  /** Whether the report is still its return's return of record (a final no later final superseded, not voided). */
  async isReturnOfRecord(userId: string, reportId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM reports
        WHERE user_id = $1 AND id = $2 AND status = 'final' AND superseded_by_id IS NULL AND voided_at IS NULL`,
      [userId, reportId],
    );
    return rows.length > 0;
  }

  /**
   * Removes the report's open notices (no amendment filed from them) but `keep`, in the caller's transaction: a newer
   * matrix version's notice replaces the older one, and a version that brings the figures back closes them all.
   */
  async closeOpen(manager: EntityManager, reportId: string, keep: string | null = null): Promise<void> {
    await manager.query(
      `DELETE FROM report_rate_notices WHERE report_id = $1 AND amendment_id IS NULL AND ($2::uuid IS NULL OR id <> $2)`,
      [reportId, keep],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Records a notice once per report and matrix version, in the caller's transaction; answers its id when new. */
  async add(
    manager: EntityManager,
    notice: {
      userId: string;
      reportId: string;
      quarter: string;
      matrixVersion: number;
      previousTaxDue: number;
      newTaxDue: number;
    },
  ): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO report_rate_notices (user_id, report_id, quarter, matrix_version, previous_tax_due, new_tax_due)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ON CONSTRAINT report_rate_notices_once DO NOTHING RETURNING id`,
      [notice.userId, notice.reportId, notice.quarter, notice.matrixVersion, notice.previousTaxDue, notice.newTaxDue],
    );
    return rows[0]?.id ?? null;
  }

  /** Whether `id` is the placeholder of an amendment being filed right now (claim), not a filed one. */
  static isClaim(amendmentId: string | null): boolean {
    return amendmentId === CLAIMED;
  }

  /**
   * The account's notices, newest first; the open ones (no amendment filed) first. An open notice whose return was
   * amended since (by hand, not from it) no longer applies and is not listed.
   */
  list(userId: string): Promise<RateNoticeRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM report_rate_notices n JOIN reports r ON r.id = n.report_id
       WHERE n.user_id = $1 AND (n.amendment_id IS NOT NULL OR r.superseded_by_id IS NULL)
       ORDER BY (n.amendment_id IS NULL) DESC, n.created_at DESC LIMIT 100`,
      [userId],
    );
  }

  async find(userId: string, id: string): Promise<RateNoticeRow | null> {
    const rows: RateNoticeRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM report_rate_notices n JOIN reports r ON r.id = n.report_id
       WHERE n.user_id = $1 AND n.id = $2`,
      [userId, id],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims the open notice for one amendment (a placeholder id until the amendment exists), so two clicks file one
   * amended return; answers whether this request got it.
   */
  async claim(userId: string, id: string): Promise<boolean> {
    return this.update(
      `UPDATE report_rate_notices SET amendment_id = '${CLAIMED}' WHERE user_id = $1 AND id = $2 AND amendment_id IS NULL
       RETURNING id`,
      [userId, id],
    );
  }

  /** Records the amended return a claim filed, or frees the claim (null) when filing it failed. */
  async settle(userId: string, id: string, amendmentId: string | null): Promise<void> {
    await this.update(
      `UPDATE report_rate_notices SET amendment_id = $3 WHERE user_id = $1 AND id = $2 AND amendment_id = '${CLAIMED}'
       RETURNING id`,
      [userId, id, amendmentId],
    );
  }

  private async update(sql: string, params: unknown[]): Promise<boolean> {
    const result: unknown[] = await this.db.query(sql, params);
    const rows = Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
    return rows.length > 0;
  }
}
