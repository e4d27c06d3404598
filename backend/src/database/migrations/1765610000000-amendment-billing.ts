import type { MigrationInterface, QueryRunner } from 'typeorm';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * An amended return bills the difference from the return it supersedes, which was already paid
 * (backend/src/ifta/amendment-billing.ts):
 *
 * - `previous_due`: the total due (tax plus surcharges) of the final it is billed against; null for a return billed
 *   whole (an original, a worksheet, a draft).
 * - `amendment_difference`: the differences per jurisdiction and fuel type and in total (tax, surcharge, taxable
 *   gallons, total due) as the API sends them; null when `previous_due` is.
 *
 * Its total to remit is then its total due less `previous_due`, plus penalty and interest on the addition, so the
 * list's stored summary gains the difference and computes the total so; the trigger is replaced whole, a snapshot of
 * the columns it reads today, and every stored summary rewritten. Amendments saved before this keep their figures,
 * billed whole, until their return is written again.
 */
export class AmendmentBilling1765610000000 implements MigrationInterface {
  name = 'AmendmentBilling1765610000000';

  async up(db: QueryRunner): Promise<void> {
    // IF NOT EXISTS: a test brings the summary up to date again, through every migration that widened it.
    await db.query(
      `ALTER TABLE reports ADD COLUMN IF NOT EXISTS previous_due numeric(17,2),
         ADD COLUMN IF NOT EXISTS amendment_difference jsonb`,
    );
    await db.query(summaryFunction(true));
    // Rewrites every stored summary through the BEFORE UPDATE trigger.
    await db.query(`UPDATE reports SET line_count = line_count`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(summaryFunction(false));
    await db.query(`ALTER TABLE reports DROP COLUMN previous_due, DROP COLUMN amendment_difference`);
    await db.query(`UPDATE reports SET line_count = line_count`);
  }
}

function summaryFunction(withDifference: boolean): string {
  const previous = withDifference ? ' - coalesce(NEW.previous_due, 0)' : '';
  const difference = withDifference ? 'NEW.amendment_difference AS difference,' : '';
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
        NEW.tax_due${previous} + coalesce(NEW.penalty, 0) + coalesce(NEW.interest, 0) AS total_to_remit,
        (SELECT s->>'rates_provisional_from' FROM jsonb_array_elements(NEW.schedules) s
          WHERE s->>'rates_provisional_from' IS NOT NULL
          ORDER BY right(s->>'rates_provisional_from', 4) DESC, s->>'rates_provisional_from' DESC LIMIT 1)
          AS rates_provisional_from,
        NEW.amended AS amended, NEW.amends_id AS amends_id, NEW.superseded_by_id AS superseded_by_id,
        NEW.superseded_by_id IS NOT NULL AS superseded,
        ${difference}
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
