import type { MigrationInterface, QueryRunner } from 'typeorm';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The list's stored summary carries the two fields the report's detail gained: `rates_provisional_from`, the newest
 * quarter whose rates a fuel schedule borrowed while its own quarter's matrix was not out (null when every rate was
 * the quarter's own), and `total_to_remit` (tax and surcharge due plus penalty and interest, numeric arithmetic as
 * the detail's query does it). The summary is the detail less its lines, so a field the detail gains is written here
 * too; the trigger is replaced whole, a snapshot of the columns it reads today.
 */
export class ReportSummaryRateSource1764530000000 implements MigrationInterface {
  name = 'ReportSummaryRateSource1764530000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(summaryFunction(true));
    // Rewrites every stored summary through the BEFORE UPDATE trigger.
    await db.query(`UPDATE reports SET line_count = line_count`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(summaryFunction(false));
    await db.query(`UPDATE reports SET line_count = line_count`);
  }
}

function summaryFunction(withNewFields: boolean): string {
  // The newest quarter first: quarters are written Qn-YYYY, so the year (the last four characters) sorts first.
  const newFields = withNewFields
    ? `NEW.tax_due + coalesce(NEW.penalty, 0) + coalesce(NEW.interest, 0) AS total_to_remit,
       (SELECT s->>'rates_provisional_from' FROM jsonb_array_elements(NEW.schedules) s
          WHERE s->>'rates_provisional_from' IS NOT NULL
          ORDER BY right(s->>'rates_provisional_from', 4) DESC, s->>'rates_provisional_from' DESC LIMIT 1)
         AS rates_provisional_from,`
    : '';
  return `
    CREATE OR REPLACE FUNCTION reports_write_summary() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
        ${newFields}
        (SELECT row_to_json(t) FROM (SELECT
           NEW.total_miles AS total_miles, NEW.taxable_miles AS taxable_miles,
           NEW.gallons_purchased AS gallons_purchased, NEW.gallons_consumed AS gallons_consumed,
           NEW.net_gallons AS net_gallons, NEW.tax_due AS tax_due, NEW.surcharge_due AS surcharge_due,
           NEW.non_tax_paid_gallons AS non_tax_paid_gallons,
           abs(NEW.tax_due) < 0.01 AS is_no_tax_due) t) AS totals,
        NEW.line_count AS jurisdiction_count) s);
      RETURN NEW;
    END
    $fn$`;
}
