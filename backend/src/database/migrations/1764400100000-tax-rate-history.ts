import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IFTA_MATRIX_RATES_2026_Q2, IFTA_MATRIX_RATES_EFFECTIVE_DATE } from './values/ifta-matrix-2026-Q2.js';

/**
 * Rates by quarter and fuel type: a row of `tax_rates` is one rate of a series (jurisdiction, fuel type,
 * kind) from its effective date, so the table keeps history. Existing rows are the 2Q2026 diesel base rates (or an
 * account's edits of them) and keep every value: they become fuel type 'diesel', kind 'base'. Existing accounts get
 * the rest of the 2Q2026 matrix (other fuel types, surcharges, CAD/L figures) as new accounts do.
 */
/**
 * An account's diesel base rates were already there: every other fuel type and every surcharge row are added, and
 * the CAD/L figure goes on each diesel base row that still holds the matrix's rate on the matrix's date.
 */
const SEED_MATRIX_RATES_SQL = `
  WITH m AS (
    SELECT * FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::numeric[],
      $8::numeric[]) AS m(code, name, country, fuel_type, kind, rate, rate_cad_per_litre)
  ), diesel_cad AS (
    UPDATE tax_rates t SET rate_cad_per_litre = m.rate_cad_per_litre
    FROM m
    WHERE t.user_id = $1::uuid AND t.abbreviation = m.code AND t.fuel_type = 'diesel' AND t.kind = 'base'
      AND m.fuel_type = 'diesel' AND m.kind = 'base' AND t.effective_date = $9::date AND t.rate = m.rate
      AND t.rate_cad_per_litre IS NULL
  )
  INSERT INTO tax_rates (user_id, name, abbreviation, rate, rate_cad_per_litre, country, is_active, effective_date,
    fuel_type, kind)
  SELECT $1::uuid, m.name, m.code, m.rate, m.rate_cad_per_litre, m.country, true, $9::date, m.fuel_type, m.kind
  FROM m WHERE NOT (m.fuel_type = 'diesel' AND m.kind = 'base')`;

export class TaxRateHistory1764400100000 implements MigrationInterface {
  name = 'TaxRateHistory1764400100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE tax_rates
        ADD COLUMN fuel_type varchar(20) NOT NULL DEFAULT 'diesel',
        ADD COLUMN kind varchar(10) NOT NULL DEFAULT 'base'
          CONSTRAINT tax_rates_kind_allowed CHECK (kind IN ('base', 'surcharge')),
        ADD COLUMN rate_cad_per_litre numeric(10,4)
          CONSTRAINT tax_rates_rate_cad_not_negative CHECK (rate_cad_per_litre >= 0)`);
    // One active rate per series and start date; several dates per series are its history.
    await db.query('DROP INDEX tax_rates_one_active_per_abbreviation');
    await db.query(`
      CREATE UNIQUE INDEX tax_rates_one_active_per_series_date
        ON tax_rates (user_id, upper(abbreviation), fuel_type, kind, effective_date) WHERE is_active`);
    // The rates of one quarter and fuel type (AccountTaxRates.ratesInForce, the Quarter filter).
    await db.query('CREATE INDEX tax_rates_user_fuel_date ON tax_rates (user_id, fuel_type, effective_date)');
    const users: Array<{ id: string }> = await db.query('SELECT id FROM users');
    for (const { id } of users) {
      await db.query(SEED_MATRIX_RATES_SQL, [
        id,
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.code),
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.name),
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.country),
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.fuel_type),
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.kind),
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.rate),
        IFTA_MATRIX_RATES_2026_Q2.map((r) => r.rate_cad_per_litre),
        IFTA_MATRIX_RATES_EFFECTIVE_DATE,
      ]);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM tax_rates WHERE fuel_type <> 'diesel' OR kind <> 'base'`);
    await db.query('DROP INDEX tax_rates_user_fuel_date');
    await db.query('DROP INDEX tax_rates_one_active_per_series_date');
    // Keep the newest active row per abbreviation active, so the old one-active rule can hold again.
    await db.query(`
      UPDATE tax_rates t SET is_active = false WHERE t.is_active AND EXISTS (
        SELECT 1 FROM tax_rates s WHERE s.user_id = t.user_id AND upper(s.abbreviation) = upper(t.abbreviation)
          AND s.is_active AND (s.effective_date, s.id) > (t.effective_date, t.id))`);
    await db.query(`
      CREATE UNIQUE INDEX tax_rates_one_active_per_abbreviation
        ON tax_rates (user_id, upper(abbreviation)) WHERE is_active`);
    await db.query('ALTER TABLE tax_rates DROP COLUMN rate_cad_per_litre, DROP COLUMN kind, DROP COLUMN fuel_type');
  }
}
