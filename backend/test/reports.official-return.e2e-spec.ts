import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { withoutAuthors } from './helpers/report-detail.js';

const REPORTS = '/api/protected/reports';
const MATRIX_APPLY = '/api/protected/tax-rates-management/matrix/apply';

/** IFTA, Inc.'s 2Q2026 matrix, with two diesel cells changed: a made-up 1Q2026 matrix that differs from 2Q2026. */
function q1Matrix(): string {
  const q2 = readFileSync(new URL('../src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv', import.meta.url), 'utf8');
  const [header, ...lines] = q2.trim().split('\n');
  const diesel = header.split(',').indexOf('special_diesel');
  const changes: Record<string, string> = { 'CA,base': '0.9000', 'KY,surcharge': '0.1000' };
  return [
    header,
    ...lines.map((line) => {
      const cells = line.split(',');
      const change = changes[`${cells[0]},${cells[3]}`];
      if (change && cells[4] === 'USD/gal') cells[diesel] = change;
      return cells.join(',');
    }),
  ].join('\n');
}

type Line = { code: string; fuel_type: string; tax_rate: number; surcharge_rate: number; rate_source: string };
const rates = (body: { jurisdictions: Line[] }) =>
  body.jurisdictions.map((j) => [j.code, j.fuel_type, j.tax_rate, j.surcharge_rate, j.rate_source]);

/**
 * An official report takes the rates in force for its quarter and each line's fuel type from the account's
 * table (seeded from the 2Q2026 matrix), keeps them as a snapshot, and holds one schedule per fuel type.
 */
describe('the official return: rates by quarter and fuel type, one schedule per fuel', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const official = (tax_period: string, jurisdictions: object[]) => ({
    company_name: 'Acme Freight LLC',
    license_number: 'KY-998877',
    tax_period,
    average_mpg: 0,
    calculation_mode: 'official',
    jurisdictions,
  });
  const create = async (body: object) => (await t.http.post(REPORTS).set(a.auth).send(body).expect(201)).body;

  it("takes Kentucky's and Virginia's 2Q2026 diesel rates and surcharges from the table over typed ones", async () => {
    const report = await create(
      official('Q2-2026', [
        // Typed rates that the table overrides: the return uses the quarter's published figures.
        { name: 'Kentucky', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 1538, tax_rate: 0.285 },
        {
          name: 'VA',
          total_miles: 10000,
          taxable_miles: 10000,
          gallons_purchased: 962,
          non_tax_paid_gallons: 500,
          tax_rate: 0.311,
          surcharge_rate: 0.2,
        },
        { name: 'OR', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 1000, tax_rate: 0.4 },
        { name: 'Mexico', total_miles: 1000, taxable_miles: 1000, tax_rate: 0.5 },
      ]),
    );
    expect(rates(report)).toEqual([
      ['KY', 'diesel', 0.22, 0.105, 'official'],
      ['VA', 'diesel', 0.327, 0.143, 'official'],
      // Oregon taxes by weight-mile: the matrix's diesel rate is 0.
      ['OR', 'diesel', 0, 0, 'official'],
      // Mexico is not in IFTA: no rate in the table, none owed.
      ['MX', 'diesel', 0, 0, 'typed'],
    ]);
    // Fleet MPG 26,000 / 4,000 = 6.50. KY: 1,538 taxable gallons, all tax-paid: no tax; surcharge 1,538 x 0.105 =
    // 161.49. VA: 1,538 - 962 tax-paid = 576 x 0.327 = 188.352 -> 188.35; surcharge 1,538 x 0.143 = 219.934 -> 219.93.
    expect(
      report.jurisdictions.map((j: { tax_due: number; surcharge_due: number }) => [j.tax_due, j.surcharge_due]),
    ).toEqual([
      [0, 161.49],
      [188.35, 219.93],
      [0, 0],
      [0, 0],
    ]);
    expect(report.totals).toMatchObject({ surcharge_due: 381.42, tax_due: 569.77 });
    expect(report.schedules).toEqual([
      expect.objectContaining({ fuel_type: 'diesel', fleet_mpg: 6.5, tax_due: 188.35, total_due: 569.77 }),
    ]);
  });

  it('holds one schedule per fuel type, each with its own fleet MPG, and sums them', async () => {
    const report = await create(
      official('Q2-2026', [
        { name: 'TX', fuel_type: 'diesel', total_miles: 13000, taxable_miles: 13000, gallons_purchased: 1000 },
        { name: 'OK', fuel_type: 'diesel', total_miles: 7000, taxable_miles: 7000, gallons_purchased: 1000 },
        { name: 'TX', fuel_type: 'gasoline', total_miles: 3000, taxable_miles: 3000, gallons_purchased: 500 },
        { name: 'OK', fuel_type: 'gasoline', total_miles: 1200, taxable_miles: 1200 },
      ]),
    );
    expect(rates(report)).toEqual([
      ['TX', 'diesel', 0.2, 0, 'official'],
      ['OK', 'diesel', 0.19, 0, 'official'],
      ['TX', 'gasoline', 0.2, 0, 'official'],
      ['OK', 'gasoline', 0.19, 0, 'official'],
    ]);
    // Diesel: 20,000 / 2,000 = 10.00 MPG. TX 1,300 - 1,000 = 300 x 0.20 = 60.00; OK 700 - 1,000 = -300 x 0.19 = -57.00.
    // Gasoline: 4,200 / 500 = 8.40 MPG. TX 3,000 / 8.40 = 357.14 -> 357 - 500 = -143 x 0.20 = -28.60;
    // OK 1,200 / 8.40 = 142.86 -> 143 x 0.19 = 27.17.
    expect(
      report.jurisdictions.map((j: { gallons_consumed: number; tax_due: number }) => [j.gallons_consumed, j.tax_due]),
    ).toEqual([
      [1300, 60],
      [700, -57],
      [357, -28.6],
      [143, 27.17],
    ]);
    expect(report.schedules).toEqual([
      {
        fuel_type: 'diesel',
        fleet_mpg: 10,
        mpg: 10,
        mpg_source: 'fleet',
        total_miles: 20000,
        total_gallons: 2000,
        taxable_miles: 20000,
        taxable_gallons: 2000,
        tax_paid_gallons: 2000,
        non_tax_paid_gallons: 0,
        net_taxable_gallons: 0,
        tax_due: 3,
        surcharge_due: 0,
        total_due: 3,
        rates_provisional_from: null,
      },
      {
        fuel_type: 'gasoline',
        fleet_mpg: 8.4,
        mpg: 8.4,
        mpg_source: 'fleet',
        total_miles: 4200,
        total_gallons: 500,
        taxable_miles: 4200,
        taxable_gallons: 500,
        tax_paid_gallons: 500,
        non_tax_paid_gallons: 0,
        net_taxable_gallons: 0,
        tax_due: -1.43,
        surcharge_due: 0,
        total_due: -1.43,
        rates_provisional_from: null,
      },
    ]);
    // The return: 3.00 - 1.43; the report's MPG is the fleet's, 24,200 miles / 2,500 gallons.
    expect(report).toMatchObject({ average_mpg: 9.68, fleet_mpg: 9.68, mpg_source: 'fleet' });
    expect(report.totals).toMatchObject({ total_miles: 24200, gallons_purchased: 2500, tax_due: 1.57 });
    const read = await t.http.get(`${REPORTS}/${report.id}`).set(a.auth).expect(200);
    expect(withoutAuthors(read.body)).toEqual(report);
    const listed = await t.http.get(REPORTS).query({ page: 1, search: 'Acme' }).set(a.auth).expect(200);
    expect(listed.body.data.find((r: { id: string }) => r.id === report.id).schedules).toEqual(report.schedules);
  });

  it('refuses an unknown fuel type with a 400 naming the line', async () => {
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(official('Q2-2026', [{ name: 'TX', fuel_type: 'kerosene', total_miles: 1 }]))
      .expect(400);
    expect(JSON.stringify(res.body)).toContain('fuel_type must be one of diesel, gasoline');
  });

  it('uses the quarter of a monthly period', async () => {
    const report = await create(official('2026-05', [{ name: 'KY', total_miles: 1000, taxable_miles: 1000 }]));
    expect(rates(report)).toEqual([['KY', 'diesel', 0.22, 0.105, 'official']]);
  });

  it("computes a 1Q2026 report with 1Q2026's imported matrix while a 2Q2026 report keeps its rates", async () => {
    const lines = [
      { name: 'KY', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 1538 },
      { name: 'CA', total_miles: 3000, taxable_miles: 3000 },
    ];
    const q2 = await create(official('Q2-2026', lines));
    // Before the import, 1Q2026 has no rates and none is typed: IFTA published it, so it is never priced with a
    // later quarter's (2Q2026's) rates; the answer names the quarter and how to get its matrix.
    const before = await t.http.post(REPORTS).set(a.auth).send(official('Q1-2026', lines)).expect(422);
    expect(before.body.fields).toMatchObject({
      tax_period: expect.stringMatching(
        /^IFTA's rate matrix of Q1-2026 is not loaded: an operator loads it .*1Q2026\.csv/,
      ),
      'jurisdictions.0.tax_rate': expect.stringContaining('no diesel tax rate for KY in Q1-2026'),
    });

    await t.http
      .post(MATRIX_APPLY)
      .set(a.auth)
      .field('quarter', 'Q1-2026')
      .attach('file', Buffer.from(q1Matrix()), 'matrix.csv')
      .expect(200);
    const q1 = await create(official('Q1-2026', lines));
    expect(rates(q1)).toEqual([
      ['KY', 'diesel', 0.22, 0.1, 'official'],
      ['CA', 'diesel', 0.9, 0, 'official'],
    ]);
    // Fleet MPG 13,000 / 1,538 = 8.45. KY: 10,000 / 8.45 = 1,183 gallons, 1,183 - 1,538 = -355 x 0.22 = -78.10,
    // surcharge 1,183 x 0.1000 = 118.30. CA: 3,000 / 8.45 = 355 x 0.9000 = 319.50. Total 359.70.
    expect(q1.totals).toMatchObject({ tax_due: 359.7, surcharge_due: 118.3 });
    // 2Q2026: KY surcharge 1,183 x 0.105 = 124.215 -> 124.22; CA 355 x 0.971 = 344.705 -> 344.71. Total 390.83.
    expect(q2.totals).toMatchObject({ tax_due: 390.83, surcharge_due: 124.22 });
    const q2Again = await t.http.get(`${REPORTS}/${q2.id}`).set(a.auth).expect(200);
    expect(withoutAuthors(q2Again.body)).toEqual(q2);
  });
});
