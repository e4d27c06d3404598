import type { MigrationInterface, QueryRunner } from 'typeorm';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Each report keeps its list summary as JSON text, written on every insert and update of the row (a page
 * of the list reads 25 stored texts instead of building 25 objects and counting 25 reports' lines per request).
 * `line_count` is the number of lines the saving statement wrote (reports.repository.ts sets it with the lines).
 *
 * A trigger, not the saving code, writes `summary`: every path that changes a column the summary shows (a save, a
 * filing correction, a test that backdates a report, a later migration) refreshes it without knowing of it.
 * `is_no_tax_due` is the spec's zero-tax threshold (ZERO_TAX_THRESHOLD, 0.01), written out: a migration never
 * changes after it ran. row_to_json writes no spaces, so the text is the shortest form of the same object ReportSummaryDto describes.
 */
export class ReportSummaries1764500300000 implements MigrationInterface {
  name = 'ReportSummaries1764500300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports ADD COLUMN line_count integer NOT NULL DEFAULT 0, ADD COLUMN summary text`);
    await db.query(`
      CREATE FUNCTION reports_write_summary() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        NEW.summary := (SELECT row_to_json(s)::text FROM (SELECT
          NEW.id AS id, NEW.id AS _id, NEW.name AS name, NEW.company_name AS company_name,
          NEW.license_number AS license_number, NEW.tax_period AS tax_period, NEW.period AS period,
          NEW.average_mpg AS average_mpg, NEW.calculation_mode AS calculation_mode, NEW.mpg_source AS mpg_source,
          NEW.fleet_mpg AS fleet_mpg, NEW.status AS status, NEW.status = 'final' AS is_final,
          to_char(NEW.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
          to_char(NEW.updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at,
          NEW.due_date AS due_date, NEW.filed_at AS filed_at, NEW.penalty AS penalty, NEW.interest AS interest,
          NEW.interest_rate_missing AS interest_rate_missing, NEW.schedules AS schedules,
          (SELECT row_to_json(t) FROM (SELECT
             NEW.total_miles AS total_miles, NEW.taxable_miles AS taxable_miles,
             NEW.gallons_purchased AS gallons_purchased, NEW.gallons_consumed AS gallons_consumed,
             NEW.net_gallons AS net_gallons, NEW.tax_due AS tax_due, NEW.surcharge_due AS surcharge_due,
             NEW.non_tax_paid_gallons AS non_tax_paid_gallons,
             abs(NEW.tax_due) < 0.01 AS is_no_tax_due) t) AS totals,
          NEW.line_count AS jurisdiction_count) s);
        RETURN NEW;
      END
      $fn$`);
    await db.query(`CREATE TRIGGER reports_summary BEFORE INSERT OR UPDATE ON reports
                      FOR EACH ROW EXECUTE FUNCTION reports_write_summary()`);
    // Existing reports: their line counts, and (through the trigger) their summaries.
    await db.query(`UPDATE reports r SET line_count = (SELECT count(*) FROM report_jurisdictions j
                                                        WHERE j.user_id = r.user_id AND j.report_id = r.id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER reports_summary ON reports');
    await db.query('DROP FUNCTION reports_write_summary()');
    await db.query('ALTER TABLE reports DROP COLUMN summary, DROP COLUMN line_count');
  }
}
