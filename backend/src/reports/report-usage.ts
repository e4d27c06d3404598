import type { EntityManager } from 'typeorm';

/** First instant of the calendar month (UTC) that `now` falls in: usage limits count per calendar month. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The meter's `month` column for `now`: its month's first day, 'YYYY-MM-DD'. */
export const usageMonth = (now: Date) => isoDay(monthStart(now));

/**
 * A data-modifying CTE body that takes one report of `monthParam`'s cap for the account in `userParam`: it adds one
 * to the account's row of `report_usage_months` unless that would pass `capParam` (an int, NULL for a plan without
 * a cap) and yields one row when it did. The upsert locks the account's row and checks the guard against its latest
 * committed count, so saves racing at the cap queue there and no more than the cap get through (PLANS.md, Usage
 * limit). Every writer of an account takes this row before the kept totals' row (report-totals.ts): one lock order.
 * Nothing is taken when the SQL condition `unless` holds.
 */
export const claimUsageCte = (userParam: string, monthParam: string, capParam: string, unless = 'false') =>
  `INSERT INTO report_usage_months AS m (user_id, month, used)
     SELECT ${userParam}, ${monthParam}::date, 1
      WHERE (${capParam}::int IS NULL OR ${capParam}::int > 0) AND NOT (${unless})
   ON CONFLICT (user_id, month) DO UPDATE SET used = m.used + 1
     WHERE ${capParam}::int IS NULL OR m.used < ${capParam}::int
   RETURNING used`;

/**
 * Counts a rewritten report in `now`'s month unless it is counted already (PLANS.md, Usage limit): one line in the
 * append-only meter `report_usage` and one more on the month's count, taken under `cap` (null: no cap). False when
 * the report would count and the month is full. Rows are never updated or deleted by the app, and `report_usage`
 * has no foreign key to `reports`, so deleting a report frees nothing. The caller holds the report's row lock, so
 * the same report cannot be counted twice by two rewrites at once.
 */
export async function recordReportUsage(
  db: EntityManager,
  userId: string,
  reportId: string,
  now: Date,
  cap: number | null,
): Promise<boolean> {
  const [{ counted }] = (await db.query(
    `WITH already AS (SELECT 1 FROM report_usage WHERE user_id = $1 AND month = $2::date AND report_id = $3),
          claimed AS (${claimUsageCte('$1', '$2', '$4', 'EXISTS (SELECT 1 FROM already)')}),
          line AS (INSERT INTO report_usage (user_id, month, report_id) SELECT $1, $2::date, $3 FROM claimed)
     SELECT EXISTS (SELECT 1 FROM already) OR EXISTS (SELECT 1 FROM claimed) AS counted`,
    [userId, usageMonth(now), reportId, cap],
  )) as Array<{ counted: boolean }>;
  return counted;
}

/** How many reports the account made or rewrote in `now`'s month. */
export async function reportsUsedThisMonth(db: EntityManager, userId: string, now: Date): Promise<number> {
  const rows = (await db.query('SELECT used FROM report_usage_months WHERE user_id = $1 AND month = $2', [
    userId,
    usageMonth(now),
  ])) as Array<{ used: number }>;
  return rows[0]?.used ?? 0;
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
