import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's kept totals gain `counted_*` columns summed over counted reports only (one per filed return, and
 * every worksheet report: migration ReturnAmendments), beside the columns over every report that the
 * specification's figures read. Filled from the reports already saved.
 */
export class CountedReportTotals1764710000100 implements MigrationInterface {
  name = 'CountedReportTotals1764710000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE account_report_totals
        ADD COLUMN counted_mpg_reports integer NOT NULL DEFAULT 0,
        ADD COLUMN counted_mpg_sum numeric(20,2) NOT NULL DEFAULT 0`);
    await db.query(`
      ALTER TABLE report_jurisdiction_totals
        ADD COLUMN counted_lines integer NOT NULL DEFAULT 0,
        ADD COLUMN counted_net_lines integer NOT NULL DEFAULT 0,
        ADD COLUMN counted_net_gallons numeric(20,3) NOT NULL DEFAULT 0`);
    await db.query(`
      UPDATE account_report_totals t SET counted_mpg_reports = c.reports, counted_mpg_sum = c.mpg_sum
        FROM (SELECT user_id, count(*) AS reports, sum(average_mpg) AS mpg_sum FROM reports
               WHERE counted AND average_mpg > 0 GROUP BY user_id) c
       WHERE t.user_id = c.user_id`);
    await db.query(`
      UPDATE report_jurisdiction_totals t SET counted_lines = c.lines, counted_net_lines = c.net_lines,
             counted_net_gallons = c.net_gallons
        FROM (SELECT j.user_id, j.code, j.fuel_type, count(*) AS lines,
                     count(*) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0) AS net_lines,
                     coalesce(sum(j.net_gallons) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0), 0)
                       AS net_gallons
                FROM report_jurisdictions j JOIN reports r ON r.id = j.report_id
               WHERE r.counted GROUP BY 1, 2, 3) c
       WHERE t.user_id = c.user_id AND t.jurisdiction = c.code AND t.fuel_type = c.fuel_type`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE report_jurisdiction_totals DROP COLUMN counted_lines, DROP COLUMN counted_net_lines,
         DROP COLUMN counted_net_gallons`,
    );
    await db.query(`ALTER TABLE account_report_totals DROP COLUMN counted_mpg_reports, DROP COLUMN counted_mpg_sum`);
  }
}
