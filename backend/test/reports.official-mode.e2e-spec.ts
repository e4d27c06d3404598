import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { withoutAuthors } from './helpers/report-detail.js';

/** A report computed as the official quarterly return, beside the spec's worksheet. */
describe('official calculation mode', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const URL = '/api/protected/reports';
  // Fleet: 26,000 miles on 4,000 gallons (3,500 tax-paid + 500 non-tax-paid) = 6.50 MPG. Q3-2026 has no rates in the
  // account's table (only 2Q2026 is seeded), so every line computes with the rates typed on it (rate_source 'typed');
  // reports.official-return.e2e-spec.ts covers the rates taken from the table.
  const OFFICIAL = {
    company_name: 'Acme Freight LLC',
    license_number: 'KY-998877',
    tax_period: 'Q3-2026',
    average_mpg: 0,
    calculation_mode: 'official',
    jurisdictions: [
      {
        name: 'Kentucky',
        total_miles: 10000,
        taxable_miles: 10000,
        gallons_purchased: 1538,
        tax_rate: 0.285,
        surcharge_rate: 0.105,
      },
      {
        name: 'VA',
        total_miles: 10000,
        taxable_miles: 10000,
        gallons_purchased: 962,
        non_tax_paid_gallons: 500,
        tax_rate: 0.311,
        surcharge_rate: 0.143,
      },
      { name: 'OR', total_miles: 5000.4, taxable_miles: 5000.4, gallons_purchased: 1000, tax_rate: 0.4 },
      { name: 'Mexico', total_miles: 999.6, taxable_miles: 999.6 },
    ],
  };

  it('computes the return: fleet MPG, whole numbers, tax-paid credit only, surcharges, Oregon at rate 0', async () => {
    const res = await t.http.post(URL).set(a.auth).send(OFFICIAL).expect(201);
    expect(res.body).toMatchObject({
      calculation_mode: 'official',
      mpg_source: 'fleet',
      fleet_mpg: 6.5,
      average_mpg: 6.5,
    });
    const lines = res.body.jurisdictions.map((j: Record<string, unknown>) => [
      j.code,
      j.total_miles,
      j.taxable_miles,
      j.gallons_consumed,
      j.gallons_purchased,
      j.non_tax_paid_gallons,
      j.net_gallons,
      j.tax_rate,
      j.tax_due,
      j.surcharge_rate,
      j.surcharge_due,
    ]);
    expect(lines).toEqual([
      // 10,000 / 6.50 = 1,538 taxable gallons; all 1,538 tax-paid: no tax, but the surcharge on all 1,538.
      ['KY', 10000, 10000, 1538, 1538, 0, 0, 0.285, 0, 0.105, 161.49],
      // Only the 962 tax-paid gallons are credited: 576 x 0.311 = 179.14; surcharge 1,538 x 0.143 = 219.93.
      ['VA', 10000, 10000, 1538, 962, 500, 576, 0.311, 179.14, 0.143, 219.93],
      // Oregon: 5,000 miles / 6.50 = 769 gallons reported, at rate 0.
      ['OR', 5000, 5000, 769, 1000, 0, -231, 0, 0, 0, 0],
      ['MX', 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(res.body.jurisdictions.map((j: { rate_source: string }) => j.rate_source)).toEqual([
      'typed',
      'typed',
      'typed',
      'typed',
    ]);
    expect(res.body.schedules).toEqual([
      {
        fuel_type: 'diesel',
        fleet_mpg: 6.5,
        mpg: 6.5,
        mpg_source: 'fleet',
        total_miles: 26000,
        total_gallons: 4000,
        taxable_miles: 25000,
        taxable_gallons: 3845,
        tax_paid_gallons: 3500,
        non_tax_paid_gallons: 500,
        net_taxable_gallons: 345,
        tax_due: 179.14,
        surcharge_due: 381.42,
        total_due: 560.56,
        rates_provisional_from: null,
      },
    ]);
    expect(res.body.totals).toMatchObject({
      total_miles: 26000,
      taxable_miles: 25000,
      gallons_purchased: 3500,
      non_tax_paid_gallons: 500,
      gallons_consumed: 3845,
      surcharge_due: 381.42,
      tax_due: 560.56, // 179.14 tax + 381.42 surcharges
    });
    const read = await t.http.get(`${URL}/${res.body.id}`).set(a.auth).expect(200);
    expect(withoutAuthors(read.body)).toEqual(res.body);
  });

  it('refuses a typed MPG: the return is computed on the fleet MPG only', async () => {
    const res = await t.http
      .post(URL)
      .set(a.auth)
      .send({ ...OFFICIAL, average_mpg: 6.555 })
      .expect(400);
    expect(res.body.fields.average_mpg).toContain('cannot be typed in official mode');
  });

  it('keeps computing on the fleet MPG when an update leaves average_mpg out', async () => {
    const saved = await t.http.post(URL).set(a.auth).send(OFFICIAL).expect(201);
    const jurisdictions = OFFICIAL.jurisdictions.map((j) => (j.name === 'OR' ? { ...j, gallons_purchased: 1500 } : j));
    const res = await t.http.put(`${URL}/${saved.body.id}`).set(a.auth).send({ jurisdictions }).expect(200);
    expect(res.body).toMatchObject({ calculation_mode: 'official', mpg_source: 'fleet', fleet_mpg: 5.78 }); // 26,000 / 4,500
  });

  it('stays a worksheet (the spec formula) when the API client names no mode', async () => {
    const { calculation_mode: _mode, ...worksheet } = OFFICIAL;
    const res = await t.http
      .post(URL)
      .set(a.auth)
      .send({ ...worksheet, average_mpg: 6.5 })
      .expect(201);
    expect(res.body).toMatchObject({ calculation_mode: 'worksheet', mpg_source: null, fleet_mpg: null, schedules: [] });
    expect(res.body.jurisdictions[0].rate_source).toBeNull();
    expect(res.body.jurisdictions[0].gallons_consumed).toBe(1538.462); // unrounded gallons, no surcharge
    expect(res.body.totals.surcharge_due).toBe(0);
  });

  it('refuses an unknown calculation_mode with a 400 naming it', async () => {
    const res = await t.http
      .post(URL)
      .set(a.auth)
      .send({ ...OFFICIAL, calculation_mode: 'estimate' })
      .expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('calculation_mode must be one of'),
    });
  });
});
