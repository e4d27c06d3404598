import type { EntityManager } from 'typeorm';
import {
  IFTA_DIESEL_RATES_2026_Q2,
  IFTA_DIESEL_RATES_EFFECTIVE_DATE,
  type SeedTaxRate,
} from './ifta-diesel-rates-2026-Q2.js';

/**
 * One multi-row INSERT (a single round trip, whatever the table's size): the column arrays are sent as four
 * parameters and unnested by PostgreSQL, so the statement text never grows with the data.
 */
export const SEED_TAX_RATES_SQL = `
  INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active, effective_date)
  SELECT $1::uuid, seed.name, seed.abbreviation, seed.rate, seed.country, true, $6::date
  FROM unnest($2::varchar[], $3::varchar[], $4::numeric[], $5::varchar[]) AS seed(name, abbreviation, rate, country)`;

/** Gives a new account its own copy of the official IFTA diesel rates (runs inside the registration transaction). */
export async function seedTaxRates(
  manager: Pick<EntityManager, 'query'>,
  userId: string,
  rates: readonly SeedTaxRate[] = IFTA_DIESEL_RATES_2026_Q2,
  effectiveDate: string = IFTA_DIESEL_RATES_EFFECTIVE_DATE,
): Promise<void> {
  if (rates.length === 0) return;
  await manager.query(SEED_TAX_RATES_SQL, [
    userId,
    rates.map((r) => r.name),
    rates.map((r) => r.abbreviation),
    // Sent as text so PostgreSQL parses the exact decimal, never a binary float.
    rates.map((r) => r.rate.toFixed(4)),
    rates.map((r) => r.country),
    effectiveDate,
  ]);
}
