import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One filed return per company, quarter and fuel set. An official report belongs to the return named by
 * `return_key` (its company name folded to lower case with single spaces, its tax period and its sorted fuel types);
 * a worksheet report (the specification's calculation) belongs to none and stands alone, as before.
 *
 * - `finalised_at`: when the report became final, which orders a return's finals (a filing-day correction must not
 *   reorder them). Existing finals take their last write.
 * - `amended`: the report became final while its return already had a final: an amended return. Kept once set.
 * - `amends_id` / `superseded_by_id`: the final before and after it in its return.
 * - `counted`: the one report of its return the dashboard counts (the latest final, else the latest draft); a
 *   worksheet report is always counted (migration CountedReportTotals sums them).
 *
 * Self-contained SQL: a migration never changes after it ran.
 */
export class ReturnAmendments1764710000000 implements MigrationInterface {
  name = 'ReturnAmendments1764710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE reports
        ADD COLUMN return_key varchar(400),
        ADD COLUMN finalised_at timestamptz,
        ADD COLUMN amended boolean NOT NULL DEFAULT false,
        ADD COLUMN amends_id uuid,
        ADD COLUMN superseded_by_id uuid,
        ADD COLUMN counted boolean NOT NULL DEFAULT true`);
    await db.query(
      `CREATE INDEX reports_user_return_key ON reports (user_id, return_key) WHERE return_key IS NOT NULL`,
    );
    // Existing official reports join their returns; finals are ordered by their last write.
    await db.query(`
      UPDATE reports r SET
        return_key = lower(regexp_replace(btrim(r.company_name), '\\s+', ' ', 'g')) || '|' || r.tax_period || '|' ||
          coalesce((SELECT string_agg(DISTINCT j.fuel_type, ',' ORDER BY j.fuel_type)
                      FROM report_jurisdictions j WHERE j.report_id = r.id), 'diesel'),
        finalised_at = CASE WHEN r.status = 'final' THEN r.updated_at END
       WHERE r.calculation_mode = 'official' AND r.tax_period <> ''`);
    await db.query(`UPDATE reports SET finalised_at = updated_at WHERE status = 'final' AND finalised_at IS NULL`);
    await db.query(`
      WITH finals AS (
        SELECT id, lag(id) OVER w AS before, lead(id) OVER w AS after
          FROM reports WHERE return_key IS NOT NULL AND status = 'final'
        WINDOW w AS (PARTITION BY user_id, return_key ORDER BY finalised_at, id)
      )
      UPDATE reports r SET amends_id = f.before, superseded_by_id = f.after, amended = f.before IS NOT NULL
        FROM finals f WHERE r.id = f.id`);
    await db.query(`
      WITH ranked AS (
        SELECT id, row_number() OVER (PARTITION BY user_id, return_key
                 ORDER BY (status = 'final') DESC, finalised_at DESC NULLS LAST, created_at DESC, id DESC) AS rank
          FROM reports WHERE return_key IS NOT NULL
      )
      UPDATE reports r SET counted = ranked.rank = 1 FROM ranked WHERE r.id = ranked.id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX reports_user_return_key`);
    await db.query(
      `ALTER TABLE reports DROP COLUMN return_key, DROP COLUMN finalised_at, DROP COLUMN amended,
         DROP COLUMN amends_id, DROP COLUMN superseded_by_id, DROP COLUMN counted`,
    );
  }
}
