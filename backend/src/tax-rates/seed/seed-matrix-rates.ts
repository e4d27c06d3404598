import type { EntityManager } from 'typeorm';
import { IFTA_MATRIX_RATES_2026_Q2, IFTA_MATRIX_RATES_EFFECTIVE_DATE } from './ifta-matrix-rates-2026-Q2.js';
import type { SeedMatrixRate } from './seed-matrix-rate.js';

export type { SeedMatrixRate } from './seed-matrix-rate.js';


/**
 * Adds the rest of the matrix to an account whose diesel base rates are already there (seed-tax-rates.ts): every
 * other fuel type and every surcharge row as new rows, and the CAD/L figure on each diesel base row that still holds
 * the matrix's rate on the matrix's date (a rate the account has edited is left alone). One statement.
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

export async function seedMatrixRates(
  manager: Pick<EntityManager, 'query'>,
  userId: string,
  rates: readonly SeedMatrixRate[] = IFTA_MATRIX_RATES_2026_Q2,
  effectiveDate: string = IFTA_MATRIX_RATES_EFFECTIVE_DATE,
): Promise<void> {
  if (rates.length === 0) return;
  await manager.query(SEED_MATRIX_RATES_SQL, [
    userId,
    rates.map((r) => r.code),
    rates.map((r) => r.name),
    rates.map((r) => r.country),
    rates.map((r) => r.fuel_type),
    rates.map((r) => r.kind),
    rates.map((r) => r.rate),
    rates.map((r) => r.rate_cad_per_litre),
    effectiveDate,
  ]);
}
