import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, type QueryRunner } from 'typeorm';
import { CreateAccounts1763800000000 } from '../src/database/migrations/1763800000000-create-accounts.js';
import { CreateTaxRates1763900000000 } from '../src/database/migrations/1763900000000-create-tax-rates.js';
import { TaxRateHistory1764400100000 } from '../src/database/migrations/1764400100000-tax-rate-history.js';
import { seedTaxRates } from '../src/tax-rates/seed/seed-tax-rates.js';

/**
 * The issue-12 migration on an account made before it (in a scratch schema of the run's database, so the app's own
 * tables are untouched): the account's edits survive, and it gains the rest of the 2Q2026 matrix.
 */
describe('migration TaxRateHistory1764400100000', () => {
  const schema = `mig_rates_${process.pid}`;
  let db: DataSource;
  let q: QueryRunner;
  let userId: string;
  const rows = (sql: string, params: unknown[] = []) => q.query(sql, params) as Promise<Array<Record<string, unknown>>>;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
    await db.initialize();
    q = db.createQueryRunner();
    await q.connect();
    await q.query(`CREATE SCHEMA ${schema}`);
    await q.query(`SET search_path TO ${schema}`);
    await new CreateAccounts1763800000000().up(q);
    await new CreateTaxRates1763900000000().up(q);
    [{ id: userId }] = await q.query(
      `INSERT INTO users (email, password_hash, company_name) VALUES ('old@example.com', 'x', 'Old Co') RETURNING id`,
    );
    await seedTaxRates(q.manager, userId);
    // The account's edits before the migration.
    await q.query(`UPDATE tax_rates SET rate = 1.2345 WHERE abbreviation = 'CA'`);
    await q.query(`UPDATE tax_rates SET is_active = false WHERE abbreviation = 'TX'`);
    await q.query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, effective_date)
       VALUES ($1, 'My Yard', 'YARD', 0.0100, 'USA', '2025-01-01')`,
      [userId],
    );
    await new TaxRateHistory1764400100000().up(q);
  });

  afterAll(async () => {
    await q.query(`DROP SCHEMA ${schema} CASCADE`);
    await q.release();
    await db.destroy();
  });

  const row = async (code: string, fuel = 'diesel', kind = 'base') =>
    (
      await rows(
        `SELECT rate::text, rate_cad_per_litre::text AS cad, is_active, to_char(effective_date, 'YYYY-MM-DD') AS date
         FROM tax_rates WHERE abbreviation = $1 AND fuel_type = $2 AND kind = $3`,
        [code, fuel, kind],
      )
    )[0];

  it("keeps every existing row as a diesel base rate with the account's values", async () => {
    expect(await row('CA')).toEqual({ rate: '1.2345', cad: null, is_active: true, date: '2026-04-01' });
    expect(await row('TX')).toMatchObject({ rate: '0.2000', is_active: false });
    expect(await row('YARD')).toMatchObject({ rate: '0.0100', date: '2025-01-01' });
    expect(
      (await rows(`SELECT count(*)::int AS n FROM tax_rates WHERE fuel_type = 'diesel' AND kind = 'base'`))[0].n,
    ).toBe(59);
  });

  it('adds the CAD/L figure to untouched diesel rates and the rest of the matrix to the account', async () => {
    expect(await row('AL')).toMatchObject({ rate: '0.3100', cad: '0.1121' });
    expect(await row('KY', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1050', cad: '0.0379', date: '2026-04-01' });
    expect(await row('VA', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1430' });
    expect(await row('AB', 'propane')).toMatchObject({ rate: '0.2600', cad: '0.0940' });
    expect((await rows('SELECT count(*)::int AS n FROM tax_rates'))[0].n).toBe(623);
  });

  it('allows dated history: a second active rate of one series on another date', async () => {
    await q.query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, effective_date)
       VALUES ($1, 'California', 'CA', 0.9, 'USA', '2026-01-01')`,
      [userId],
    );
    await expect(
      q.query(
        `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, effective_date)
         VALUES ($1, 'California', 'ca', 0.8, 'USA', '2026-01-01')`,
        [userId],
      ),
    ).rejects.toMatchObject({ driverError: { constraint: 'tax_rates_one_active_per_series_date' } });
  });

  it('rolls back to the one-active-rate table, keeping the newest active rate and the edits', async () => {
    await new TaxRateHistory1764400100000().down(q);
    expect((await rows('SELECT count(*)::int AS n FROM tax_rates'))[0].n).toBe(60);
    const ca = await rows(`SELECT rate::text, is_active FROM tax_rates WHERE abbreviation = 'CA' ORDER BY rate`);
    expect(ca).toEqual([
      { rate: '0.9000', is_active: false },
      { rate: '1.2345', is_active: true },
    ]);
    await new TaxRateHistory1764400100000().up(q);
  });
});
