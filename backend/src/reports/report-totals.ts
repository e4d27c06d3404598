import type { EntityManager } from 'typeorm';

/**
 * The dashboard's totals kept on write: one row per account (report counts and the MPG sum) and one per
 * account, jurisdiction and fuel type (lines, and net gallons of the lines the dashboard sums). Every create, update
 * and delete of a report applies its change as a delta in the same statement or transaction, so
 * GET /reports/stats reads a few rows whatever the number of reports (report-stats.service.ts).
 *
 * Deltas are upserts (`ON CONFLICT DO UPDATE SET x = x + excluded.x`), which read and lock the latest committed
 * row, so concurrent writers never lose one another's change. Lock order is the same for every writer: the
 * account's row first (a later CTE waits for it through EXISTS), then the jurisdiction rows sorted by key. Every
 * writer of an account therefore queues on that one row and two writers can never hold jurisdiction rows the other
 * waits for: no deadlock. The account's row is held from the delta to the commit, well under a millisecond here.
 *
 * `report` must yield one row (average_mpg, status, counted) and `lines` rows (code, fuel_type, taxable_miles, net_gallons) of that
 * report; `sign` is 1 to add the report and -1 to take it away. Lines are keyed by their canonical code and fuel
 * type (migration ReportLineCode rebuilt the totals under those keys).
 */
export function totalsDeltaCtes(
  report: string,
  lines: string,
  sign: 1 | -1,
  userParam = '$1',
  scope: 'report' | 'counted' = 'report',
): string {
  const counted = `x.taxable_miles > 0 AND r.average_mpg > 0`;
  // 'report': the report's share of every column, its counted columns only when it is its return's counted report
  // (return-groups.ts). 'counted': its share of the counted columns alone, as it becomes or stops being counted.
  const all = scope === 'report' ? `${sign}` : '0';
  const once = scope === 'report' ? `${sign} * r.counted::int` : `${sign}`;
  return `totals_report AS (${report}),
    totals_lines AS (${lines}),
    totals_account AS (
      INSERT INTO account_report_totals AS t (user_id, reports, final_reports, mpg_reports, mpg_sum, lines,
                                              counted_mpg_reports, counted_mpg_sum)
      SELECT ${userParam}, ${all}, ${all} * (r.status = 'final')::int, ${all} * (r.average_mpg > 0)::int,
             ${all} * CASE WHEN r.average_mpg > 0 THEN r.average_mpg ELSE 0 END,
             ${all} * (SELECT count(*) FROM totals_lines),
             ${once} * (r.average_mpg > 0)::int, ${once} * CASE WHEN r.average_mpg > 0 THEN r.average_mpg ELSE 0 END
        FROM totals_report r
      ON CONFLICT (user_id) DO UPDATE SET reports = t.reports + excluded.reports,
        final_reports = t.final_reports + excluded.final_reports, mpg_reports = t.mpg_reports + excluded.mpg_reports,
        mpg_sum = t.mpg_sum + excluded.mpg_sum, lines = t.lines + excluded.lines,
        counted_mpg_reports = t.counted_mpg_reports + excluded.counted_mpg_reports,
        counted_mpg_sum = t.counted_mpg_sum + excluded.counted_mpg_sum
      RETURNING 1
    ),
    totals_jurisdictions AS (
      INSERT INTO report_jurisdiction_totals AS t (user_id, jurisdiction, fuel_type, lines, net_lines, net_gallons,
                                                   counted_lines, counted_net_lines, counted_net_gallons)
      SELECT ${userParam}, x.code, x.fuel_type, sum(${all}),
             coalesce(sum(${all}) FILTER (WHERE ${counted}), 0),
             coalesce(sum(${all} * x.net_gallons) FILTER (WHERE ${counted}), 0),
             sum(${once}),
             coalesce(sum(${once}) FILTER (WHERE ${counted}), 0),
             coalesce(sum(${once} * x.net_gallons) FILTER (WHERE ${counted}), 0)
        FROM totals_lines x CROSS JOIN totals_report r
       WHERE EXISTS (SELECT 1 FROM totals_account)
       GROUP BY 2, 3
       ORDER BY 2, 3
      ON CONFLICT (user_id, jurisdiction, fuel_type) DO UPDATE SET lines = t.lines + excluded.lines,
        net_lines = t.net_lines + excluded.net_lines, net_gallons = t.net_gallons + excluded.net_gallons,
        counted_lines = t.counted_lines + excluded.counted_lines,
        counted_net_lines = t.counted_net_lines + excluded.counted_net_lines,
        counted_net_gallons = t.counted_net_gallons + excluded.counted_net_gallons
    )`;
}

/**
 * Adds (1) or takes away (-1) a stored report's share of the totals. The caller holds the report's row lock, so this
 * statement's snapshot sees the report and lines as they are committed.
 */
export async function applyStoredReport(
  db: EntityManager,
  userId: string,
  reportId: string,
  sign: 1 | -1,
): Promise<void> {
  await db.query(
    `WITH ${totalsDeltaCtes(
      'SELECT average_mpg, status, counted FROM reports WHERE user_id = $1 AND id = $2',
      'SELECT code, fuel_type, taxable_miles, net_gallons FROM report_jurisdictions WHERE user_id = $1 AND report_id = $2',
      sign,
    )} SELECT 1`,
    [userId, reportId],
  );
}
