import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** IFTA, Inc.'s 2Q2026 matrix with Kentucky's diesel rate raised to 0.2600: a made-up 3Q2026 matrix. */
const Q3_MATRIX = readFileSync(
  new URL('../src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv', import.meta.url),
  'utf8',
).replace('KY,Kentucky,USA,base,USD/gal,0.2500,0.2200,', 'KY,Kentucky,USA,base,USD/gal,0.2500,0.2600,');

type Line = { code: string; tax_rate: number; surcharge_rate: number; rate_source: string; tax_due: number };

/**
 * A return built from records for a quarter whose matrix was not out is priced provisionally; when the matrix is
 * imported, the build notices that the rates it used have changed (never "Nothing changed since the last build"
 * over figures from old rates), and the rebuild takes the quarter's own rates.
 */
describe('a built return when the rates it used change', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    for (const [jurisdiction, miles] of [
      ['KY', 1000],
      ['TX', 500],
    ] as const) {
      await t.http
        .post('/api/protected/trips')
        .set(a.auth)
        .send({ date: '2026-08-03', unit: 'T1', jurisdiction, miles })
        .expect(201);
    }
    await t.http
      .post('/api/protected/fuel-purchases')
      .set(a.auth)
      .send({
        date: '2026-08-03',
        unit: 'T1',
        jurisdiction: 'TX',
        quantity: 250,
        // The seller and total: a receipt the return credits as tax-paid.
        vendor: 'Pilot #1',
        vendor_address: '1 Main St, Dallas TX',
        total_price: 900,
      })
      .expect(201);
  });
  afterAll(() => t.close());

  const preview = async () =>
    (await t.http.post('/api/protected/returns/preview').set(a.auth).send({ period: 'Q3-2026' }).expect(200)).body;
  const build = async () =>
    (await t.http.post('/api/protected/returns/build').set(a.auth).send({ period: 'Q3-2026' }).expect(200)).body.report;
  const rates = (report: { jurisdictions: Line[] }) =>
    report.jurisdictions.map((line) => [line.code, line.tax_rate, line.surcharge_rate, line.rate_source]);

  it("builds 3Q2026 with 2Q2026's rates and surcharges, provisionally, not at $0", async () => {
    const report = await build();
    expect(rates(report)).toEqual([
      ['KY', 0.22, 0.105, 'provisional'],
      ['TX', 0.2, 0, 'provisional'],
    ]);
    expect(report.rates_provisional_from).toBe('Q2-2026');
    // 1,500 mi / 250 gal = 6.00 MPG. KY: 167 gal x 0.22 = 36.74 + 167 x 0.105 = 17.54; TX: 83 - 250 = -167 x 0.2.
    expect(report.totals).toMatchObject({ tax_due: 20.88, surcharge_due: 17.54, is_no_tax_due: false });
    expect((await preview()).changes).toEqual([]);
  });

  it('notices the rates changed once 3Q2026 is imported, and the rebuild takes them', async () => {
    await t.http
      .post('/api/protected/tax-rates-management/matrix/apply')
      .set(a.auth)
      .field('quarter', 'Q3-2026')
      .attach('file', Buffer.from(Q3_MATRIX), 'matrix.csv')
      .expect(200);
    const changes = (await preview()).changes;
    // Both lines' rates are now the quarter's own; KY's figure changed too.
    expect(changes.map((c: { jurisdiction: string; change: string }) => [c.jurisdiction, c.change])).toEqual([
      ['KY', 'rates'],
      ['TX', 'rates'],
    ]);
    const rebuilt = await build();
    expect(rates(rebuilt)).toEqual([
      ['KY', 0.26, 0.105, 'official'],
      ['TX', 0.2, 0, 'official'],
    ]);
    expect(rebuilt.rates_provisional_from).toBeNull();
    // KY: 167 x 0.26 = 43.42 + 17.54; TX -33.40: 27.56.
    expect(rebuilt.totals.tax_due).toBe(27.56);
    expect((await preview()).changes).toEqual([]);
  });

  it('notices a rate edited on the Tax Rates page', async () => {
    const ky = (
      await t.http
        .get('/api/protected/tax-rates-management')
        .query({ quarter: 'Q3-2026', fuel_type: 'diesel', search: 'Kentucky' })
        .set(a.auth)
        .expect(200)
    ).body.data.find((rate: { kind: string }) => rate.kind === 'base');
    await t.http.put(`/api/protected/tax-rates-management/${ky.id}`).set(a.auth).send({ rate: 0.27 }).expect(200);
    expect((await preview()).changes).toEqual([expect.objectContaining({ jurisdiction: 'KY', change: 'rates' })]);
  });
});
