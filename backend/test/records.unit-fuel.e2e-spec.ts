import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** A receipt with the seller and total, so the return credits its tax as paid. */
const RECEIPT = { vendor: 'Pilot #1', vendor_address: '1 Main St, Little Rock AR', total_price: 100 };

/**
 * A unit's miles belong to the schedule of the fuel it runs on, the fuel it bought most of in the quarter: a diesel
 * truck that once filled a can with gasoline does not put its miles in the gasoline schedule
 * (docs/ifta-domain.md "The computation").
 */
describe('records to return: each unit in its own fuel schedule', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    const trip = (unit: string, jurisdiction: string, miles: number) =>
      t.http
        .post('/api/protected/trips')
        .set(a.auth)
        .send({ date: '2026-05-04', unit, jurisdiction, miles })
        .expect(201);
    const fuel = (unit: string, jurisdiction: string, quantity: number, fuel_type: string) =>
      t.http
        .post('/api/protected/fuel-purchases')
        .set(a.auth)
        .send({ date: '2026-05-04', unit, jurisdiction, quantity, fuel_type, ...RECEIPT })
        .expect(201);
    // V1, a gasoline van: 800 miles, 80 gallons. T1, a diesel truck: 2,200 miles in Arkansas on 300 gallons of
    // diesel, and 10 gallons of gasoline once, in Oklahoma.
    await trip('V1', 'TX', 500);
    await trip('V1', 'OK', 300);
    await fuel('V1', 'TX', 80, 'gasoline');
    await trip('T1', 'AR', 2200);
    await fuel('T1', 'AR', 300, 'diesel');
    await fuel('T1', 'OK', 10, 'gasoline');
  });
  afterAll(() => t.close());

  const build = async (fuel_type: string) =>
    (await t.http.post('/api/protected/returns/build').set(a.auth).send({ period: 'Q2-2026', fuel_type }).expect(200))
      .body.report;
  const lines = (report: { jurisdictions: Array<Record<string, unknown>> }) =>
    report.jurisdictions.map((j) => [j.code, j.total_miles, j.gallons_purchased, j.gallons_consumed, j.tax_due]);

  it("keeps the diesel truck's 2,200 miles out of the gasoline schedule, while its 10 gallons count as gasoline", async () => {
    const gasoline = await build('gasoline');
    // 800 mi / 90 gal = 8.89 (not 3,000 / 90 = 33.33, which put 66 taxable gallons and $16.30 in Arkansas).
    // 2Q2026 gasoline: OK 300 / 8.89 = 34 gal, 34 - 10 = 24 x 0.19 = 4.56; TX 56 - 80 = -24 x 0.20 = -4.80.
    expect(gasoline).toMatchObject({ fleet_mpg: 8.89, mpg_source: 'fleet' });
    expect(gasoline.totals).toMatchObject({ total_miles: 800, gallons_purchased: 90, tax_due: -0.24 });
    expect(lines(gasoline)).toEqual([
      ['OK', 300, 10, 34, 4.56],
      ['TX', 500, 80, 56, -4.8],
    ]);
  });

  it("puts the truck's miles in the diesel schedule once, with its diesel only", async () => {
    const diesel = await build('diesel');
    // 2,200 / 300 = 7.33; AR 2,200 / 7.33 = 300 gal, all tax-paid there.
    expect(diesel).toMatchObject({ fleet_mpg: 7.33 });
    expect(diesel.totals).toMatchObject({ total_miles: 2200, gallons_purchased: 300, tax_due: 0 });
    expect(lines(diesel).map(([code, miles]) => [code, miles])).toEqual([['AR', 2200]]);
  });

  it('lists the unit whose purchases disagree with the fuel it runs on', async () => {
    const res = await t.http.get('/api/protected/records/checks').query({ period: 'Q2-2026' }).set(a.auth).expect(200);
    expect(res.body.fuel_mismatches).toEqual([
      { unit: 'T1', fuel_type: 'diesel', other_fuels: [{ fuel_type: 'gasoline', gallons: 10 }] },
    ]);
  });
});
