import type { EntityManager } from 'typeorm';

/** First instant of the calendar month (UTC) that `now` falls in: usage limits count per calendar month. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The meter's `month` column for `now`: its month's first day, 'YYYY-MM-DD'. */
export const usageMonth = (now: Date) => isoDay(monthStart(now));

/**
 * Appends "this report was made or rewritten this month" to the meter (PLANS.md, Usage limit). Rows are never
 * updated or deleted by the app, and `report_usage` has no foreign key to `reports`, so deleting a report frees
 * nothing. A report already counted this month is not counted twice.
 */
export async function recordReportUsage(db: EntityManager, userId: string, reportId: string, now: Date) {
  await db.query(`INSERT INTO report_usage (user_id, month, report_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    userId,
    usageMonth(now),
    reportId,
  ]);
}

/** How many reports the account made or rewrote in `now`'s month. */
export async function reportsUsedThisMonth(db: EntityManager, userId: string, now: Date): Promise<number> {
  const [{ count }] = (await db.query(
    'SELECT count(*)::int AS count FROM report_usage WHERE user_id = $1 AND month = $2',
    [userId, usageMonth(now)],
  )) as Array<{ count: number }>;
  return count;
}

/** Whether this report is already counted in `now`'s month (rewriting it again then costs nothing). */
export async function isCountedThisMonth(db: EntityManager, userId: string, reportId: string, now: Date) {
  const rows = (await db.query('SELECT 1 FROM report_usage WHERE user_id = $1 AND month = $2 AND report_id = $3', [
    userId,
    usageMonth(now),
    reportId,
  ])) as unknown[];
  return rows.length > 0;
}
