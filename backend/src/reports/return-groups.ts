import type { EntityManager } from 'typeorm';
import { totalsDeltaCtes } from './report-totals.js';

/**
 * One filed return per company, quarter and fuel set (migration ReturnAmendments). An official report belongs to
 * the return its key names; a second final of the same return is an amended return that supersedes the first (both
 * kept), and the dashboard's kept totals count one report per return: the latest final, else the latest draft.
 * A worksheet report (the specification's calculation, what an API client that names no mode saves) belongs to no
 * return: it is never amended nor superseded and is always counted, so the specification's figures stay its own.
 */

/** Key space of the account's returns lock (pg_advisory_xact_lock(int4, int4)); jobs use single bigint keys. */
const RETURNS_LOCK_CLASS = 6_420_100;

interface KeyedReport {
  calculation_mode: string;
  company_name: string;
  tax_period: string;
}

/** The return a report belongs to, or null when it stands alone (a worksheet, or no tax period). */
export function returnKeyOf(report: KeyedReport, rows: ReadonlyArray<{ fuel_type: string }>): string | null {
  if (report.calculation_mode !== 'official' || report.tax_period === '') return null;
  const company = report.company_name.trim().replace(/\s+/g, ' ').toLowerCase();
  const fuels = [...new Set(rows.map((row) => row.fuel_type))].sort();
  return `${company}|${report.tax_period}|${fuels.length > 0 ? fuels.join(',') : 'diesel'}`.slice(0, 400);
}

/**
 * Serialises the account's writes that may change a return, taken first in their transaction: settling a return
 * updates reports another save could hold, so every such writer must queue on one lock before it locks any row.
 */
export async function lockAccountReturns(manager: EntityManager, userId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2::text))', [RETURNS_LOCK_CLASS, userId]);
}

/**
 * Brings one return's reports in line with what is committed plus the caller's own writes (under
 * lockAccountReturns): its finals chained in the order they became final (`amends_id`, `superseded_by_id`; a final
 * after another is `amended`, and stays so), and the one counted report. A voided final is in neither: it is kept,
 * but the final before it is the return of record again (or, with none, the latest draft is counted). Each report whose `counted` flips moves
 * its share of the kept totals' counted columns in the same transaction.
 */
export async function settleReturn(manager: EntityManager, userId: string, key: string): Promise<void> {
  const flipped = (await manager.query(
    `WITH members AS (
       SELECT id, status, counted, amended, finalised_at, created_at, voided_at
         FROM reports WHERE user_id = $1 AND return_key = $2
     ), finals AS (
       SELECT id, lag(id) OVER w AS before, lead(id) OVER w AS after
         FROM members WHERE status = 'final' AND voided_at IS NULL WINDOW w AS (ORDER BY finalised_at, id)
     ), chosen AS (
       SELECT id FROM members WHERE voided_at IS NULL
        ORDER BY (status = 'final') DESC, finalised_at DESC NULLS LAST, created_at DESC, id DESC LIMIT 1
     ), wanted AS (
       SELECT m.id, f.before, f.after, m.id IN (SELECT id FROM chosen) AS counted, m.counted AS was_counted,
              m.status = 'final' AND (m.amended OR f.before IS NOT NULL) AS amended
         FROM members m LEFT JOIN finals f ON f.id = m.id
     )
     UPDATE reports r SET amends_id = w.before, superseded_by_id = w.after, counted = w.counted, amended = w.amended
       FROM wanted w
      WHERE r.user_id = $1 AND r.id = w.id
        AND (r.amends_id IS DISTINCT FROM w.before OR r.superseded_by_id IS DISTINCT FROM w.after
             OR r.counted <> w.counted OR r.amended <> w.amended)
     RETURNING r.id, w.counted, w.was_counted`,
    [userId, key],
  )) as unknown[];
  // An UPDATE through TypeORM's query() answers [rows, count].
  const rows = (Array.isArray(flipped[0]) ? flipped[0] : flipped) as Array<{
    id: string;
    counted: boolean;
    was_counted: boolean;
  }>;
  for (const row of rows) {
    if (row.counted !== row.was_counted) await applyCountedShare(manager, userId, row.id, row.counted ? 1 : -1);
  }
}

/** Adds (1) or takes away (-1) a stored report's share of the kept totals' counted columns only. */
async function applyCountedShare(manager: EntityManager, userId: string, reportId: string, sign: 1 | -1) {
  await manager.query(
    `WITH ${totalsDeltaCtes(
      'SELECT average_mpg, status, counted FROM reports WHERE user_id = $1 AND id = $2',
      'SELECT code, fuel_type, taxable_miles, net_gallons FROM report_jurisdictions WHERE user_id = $1 AND report_id = $2',
      sign,
      '$1',
      'counted',
    )} SELECT 1`,
    [userId, reportId],
  );
}
