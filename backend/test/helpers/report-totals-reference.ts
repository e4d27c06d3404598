import type { DataSource } from 'typeorm';

/** The kept totals of an account (report-totals.ts), zero rows left out, as comparable text. */
export async function keptTotals(db: DataSource, userId: string) {
  const [account] = (await db.query(
    `SELECT reports, final_reports, mpg_reports, mpg_sum::text, lines, counted_mpg_reports, counted_mpg_sum::text
       FROM account_report_totals WHERE user_id = $1`,
    [userId],
  )) as object[];
  const jurisdictions = (await db.query(
    `SELECT jurisdiction, fuel_type, lines, net_lines, net_gallons::text, counted_lines, counted_net_lines,
            counted_net_gallons::text
       FROM report_jurisdiction_totals
      WHERE user_id = $1 AND (lines <> 0 OR net_lines <> 0 OR net_gallons <> 0) ORDER BY jurisdiction, fuel_type`,
    [userId],
  )) as object[];
  return {
    account: account ?? {
      reports: 0,
      final_reports: 0,
      mpg_reports: 0,
      mpg_sum: '0.00',
      lines: 0,
      counted_mpg_reports: 0,
      counted_mpg_sum: '0.00',
    },
    jurisdictions,
  };
}

/** The same figures recomputed from scratch from the account's reports and lines. */
export async function recomputedTotals(db: DataSource, userId: string) {
  const [account] = (await db.query(
    `SELECT count(*)::int AS reports, (count(*) FILTER (WHERE status = 'final'))::int AS final_reports,
            (count(*) FILTER (WHERE average_mpg > 0))::int AS mpg_reports,
            coalesce(sum(average_mpg) FILTER (WHERE average_mpg > 0), 0)::numeric(20,2)::text AS mpg_sum,
            (SELECT count(*)::int FROM report_jurisdictions WHERE user_id = $1) AS lines,
            (count(*) FILTER (WHERE counted AND average_mpg > 0))::int AS counted_mpg_reports,
            coalesce(sum(average_mpg) FILTER (WHERE counted AND average_mpg > 0), 0)::numeric(20,2)::text
              AS counted_mpg_sum
       FROM reports WHERE user_id = $1`,
    [userId],
  )) as Array<{ reports: number }>;
  const jurisdictions = (await db.query(
    `SELECT j.code AS jurisdiction, j.fuel_type, count(*)::int AS lines,
            (count(*) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0))::int AS net_lines,
            coalesce(sum(j.net_gallons) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0), 0)::numeric(20,3)::text
              AS net_gallons,
            (count(*) FILTER (WHERE r.counted))::int AS counted_lines,
            (count(*) FILTER (WHERE r.counted AND j.taxable_miles > 0 AND r.average_mpg > 0))::int AS counted_net_lines,
            coalesce(sum(j.net_gallons) FILTER (WHERE r.counted AND j.taxable_miles > 0 AND r.average_mpg > 0), 0)
              ::numeric(20,3)::text AS counted_net_gallons
       FROM report_jurisdictions j JOIN reports r ON r.id = j.report_id
      WHERE j.user_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [userId],
  )) as object[];
  return { account, jurisdictions };
}

/** Replaces an account's kept totals by the recomputation: for tests that seed reports with SQL. */
export async function rebuildTotals(db: DataSource, userId: string): Promise<void> {
  await db.query(`DELETE FROM report_jurisdiction_totals WHERE user_id = $1`, [userId]);
  await db.query(`DELETE FROM account_report_totals WHERE user_id = $1`, [userId]);
  const { account, jurisdictions } = await recomputedTotals(db, userId);
  if (account.reports > 0) {
    await db.query(
      `INSERT INTO account_report_totals (user_id, reports, final_reports, mpg_reports, mpg_sum, lines,
                                          counted_mpg_reports, counted_mpg_sum)
       SELECT $1, reports, final_reports, mpg_reports, mpg_sum, lines, counted_mpg_reports, counted_mpg_sum
         FROM json_to_record($2::json)
         AS x(reports int, final_reports int, mpg_reports int, mpg_sum numeric, lines int, counted_mpg_reports int,
              counted_mpg_sum numeric)`,
      [userId, JSON.stringify(account)],
    );
  }
  await db.query(
    `INSERT INTO report_jurisdiction_totals (user_id, jurisdiction, fuel_type, lines, net_lines, net_gallons,
                                            counted_lines, counted_net_lines, counted_net_gallons)
     SELECT $1, jurisdiction, fuel_type, lines, net_lines, net_gallons, counted_lines, counted_net_lines,
            counted_net_gallons
       FROM json_to_recordset($2::json)
       AS x(jurisdiction text, fuel_type text, lines int, net_lines int, net_gallons numeric, counted_lines int,
            counted_net_lines int, counted_net_gallons numeric)`,
    [userId, JSON.stringify(jurisdictions)],
  );
}
