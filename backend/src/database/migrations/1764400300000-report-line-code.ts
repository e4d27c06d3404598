import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IFTA_JURISDICTIONS, NON_IFTA_JURISDICTIONS } from '../../ifta/jurisdictions.js';

/**
 * Report lines carry their jurisdiction's canonical code and fuel type, so "TX" and "Texas" are one
 * jurisdiction everywhere (one line per code and fuel type on save; the dashboard groups by code).
 * Existing lines get their code from the member or non-IFTA list (by code or name), else from the account's own
 * rate table, else their name in upper case; every existing line is diesel, the only fuel the product had.
 * The stats index is rebuilt to cover `code` instead of `name`.
 */
export class ReportLineCode1764400300000 implements MigrationInterface {
  name = 'ReportLineCode1764400300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE report_jurisdictions ADD COLUMN code varchar(100)`);
    await db.query(`ALTER TABLE report_jurisdictions ADD COLUMN fuel_type varchar(30) NOT NULL DEFAULT 'diesel'`);
    const known = [...IFTA_JURISDICTIONS, ...NON_IFTA_JURISDICTIONS].flatMap((j) => [
      [j.code.toLowerCase(), j.code],
      [j.name.toLowerCase(), j.code],
    ]);
    await db.query(
      `UPDATE report_jurisdictions j SET code = k.code
         FROM json_to_recordset($1::json) AS k(key text, code text)
        WHERE lower(regexp_replace(btrim(j.name), '\\s+', ' ', 'g')) = k.key`,
      [JSON.stringify(known.map(([key, code]) => ({ key, code })))],
    );
    await db.query(
      `UPDATE report_jurisdictions j SET code = upper(btrim(t.abbreviation))
         FROM tax_rates t
        WHERE j.code IS NULL AND t.user_id = j.user_id
          AND (lower(btrim(t.name)) = lower(btrim(j.name)) OR lower(btrim(t.abbreviation)) = lower(btrim(j.name)))`,
    );
    await db.query(`UPDATE report_jurisdictions SET code = upper(btrim(name)) WHERE code IS NULL`);
    await db.query(`ALTER TABLE report_jurisdictions ALTER COLUMN code SET NOT NULL`);
    await db.query(`DROP INDEX report_jurisdictions_user_report_stats`);
    await db.query(
      `CREATE INDEX report_jurisdictions_user_report_stats ON report_jurisdictions (user_id, report_id)
         INCLUDE (code, taxable_miles, net_gallons)`,
    );
    // The dashboard's kept totals (migration ReportListAndTotals) were keyed by name; they are keyed by code and
    // fuel type from here on, so they are rebuilt under those keys.
    await rebuildTotals(db, 'j.code', 'j.fuel_type');
  }

  async down(db: QueryRunner): Promise<void> {
    await rebuildTotals(db, 'report_stats_key(j.name)', "'diesel'");
    await db.query(`DROP INDEX report_jurisdictions_user_report_stats`);
    await db.query(
      `CREATE INDEX report_jurisdictions_user_report_stats ON report_jurisdictions (user_id, report_id)
         INCLUDE (name, taxable_miles, net_gallons)`,
    );
    await db.query(`ALTER TABLE report_jurisdictions DROP COLUMN fuel_type`);
    await db.query(`ALTER TABLE report_jurisdictions DROP COLUMN code`);
  }
}

/** Recomputes report_jurisdiction_totals from the lines, under the given key expressions. */
async function rebuildTotals(db: QueryRunner, key: string, fuelType: string): Promise<void> {
  await db.query(`DELETE FROM report_jurisdiction_totals`);
  await db.query(`
    INSERT INTO report_jurisdiction_totals (user_id, jurisdiction, fuel_type, lines, net_lines, net_gallons)
    SELECT j.user_id, ${key}, ${fuelType}, count(*),
           count(*) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0),
           coalesce(sum(j.net_gallons) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0), 0)
      FROM report_jurisdictions j JOIN reports r ON r.id = j.report_id
     GROUP BY 1, 2, 3`);
}
