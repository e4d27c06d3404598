import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/**
 * North Carolina's published sample return (NCDOR's "IFTA Amended Return" training deck): diesel, the rates typed
 * on the return. The quarter has no matrix in the account's table, so the typed rates price every line. Two
 * jurisdiction codes are illegible in the stored copy of the deck; SC and TN are the ones whose rates fit.
 */
const NC_SAMPLE = {
  company_name: 'Tar Heel Transport Inc',
  license_number: 'NC-56-1234567',
  tax_period: 'Q1-2024',
  calculation_mode: 'official',
  jurisdictions: [
    { name: 'FL', total_miles: 772, taxable_miles: 772, gallons_purchased: 110, tax_rate: 0.3367 },
    { name: 'GA', total_miles: 234, taxable_miles: 234, gallons_purchased: 130, tax_rate: 0.179 },
    { name: 'NC', total_miles: 1598, taxable_miles: 1598, gallons_purchased: 399, tax_rate: 0.375 },
    { name: 'SC', total_miles: 398, taxable_miles: 398, gallons_purchased: 89, tax_rate: 0.16 },
    { name: 'TN', total_miles: 132, taxable_miles: 132, gallons_purchased: 0, tax_rate: 0.17 },
    {
      name: 'VA',
      total_miles: 332,
      taxable_miles: 332,
      gallons_purchased: 127,
      tax_rate: 0.202,
      surcharge_rate: 0.035,
    },
  ],
};

interface Line {
  code: string;
  gallons_consumed: number;
  net_gallons: number;
  tax_due: number;
  surcharge_due: number;
  rate_source: string;
}

describe("North Carolina's sample return, filed and then amended", () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const stats = async () => (await t.http.get(`${REPORTS}/stats`).set(a.auth).expect(200)).body;
  const net = (body: { state_net_gallons: Array<{ name: string; net_gallons: number }> }, code: string) =>
    body.state_net_gallons.find((state) => state.name === code)?.net_gallons;

  it('computes it exactly as NCDOR does: fleet MPG 4.05, taxable gallons, SC $1.44, TN $5.61, VA $2.87, $13.71 due', async () => {
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({ ...NC_SAMPLE, status: 'final', filed_at: '2024-04-30' })
      .expect(201);
    const report = res.body;
    expect(report).toMatchObject({ fleet_mpg: 4.05, mpg_source: 'fleet', penalty: null, interest: null });
    expect(report.totals).toMatchObject({ total_miles: 3466, gallons_purchased: 855, tax_due: 13.71 });
    expect(report.total_to_remit).toBe(13.71);
    const lines = report.jurisdictions as Line[];
    expect(lines.map((line) => line.rate_source)).toEqual(Array(6).fill('typed'));
    expect(lines.map((line) => [line.code, line.gallons_consumed, line.net_gallons])).toEqual([
      ['FL', 191, 81],
      ['GA', 58, -72],
      ['NC', 395, -4],
      ['SC', 98, 9],
      ['TN', 33, 33],
      ['VA', 82, -45],
    ]);
    expect(lines.map((line) => [line.code, line.tax_due, line.surcharge_due])).toEqual([
      ['FL', 27.27, 0],
      ['GA', -12.89, 0],
      ['NC', -1.5, 0],
      ['SC', 1.44, 0],
      ['TN', 5.61, 0],
      ['VA', -9.09, 2.87],
    ]);
    expect(report.schedules).toEqual([
      expect.objectContaining({
        fuel_type: 'diesel',
        fleet_mpg: 4.05,
        total_miles: 3466,
        total_gallons: 855,
        taxable_gallons: 857,
        surcharge_due: 2.87,
        total_due: 13.71,
      }),
    ]);
    expect(net(await stats(), 'NC')).toBe(-4);
  });

  it('files the amended return over it: both kept, the amendment marked, the dashboard counting the return once', async () => {
    const [original] = (await t.http.get(REPORTS).set(a.auth).expect(200)).body as Array<{ id: string }>;
    // The amendment: Tennessee's 132 miles were 232 (3,566 miles in all: fleet MPG 4.17).
    const amended = NC_SAMPLE.jurisdictions.map((line) =>
      line.name === 'TN' ? { ...line, total_miles: 232, taxable_miles: 232 } : line,
    );
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({ ...NC_SAMPLE, jurisdictions: amended, status: 'final', filed_at: '2024-05-15' })
      .expect(201);
    expect(res.body).toMatchObject({ amended: true, amends_id: original.id, superseded: false, fleet_mpg: 4.17 });
    const first = (await t.http.get(`${REPORTS}/${original.id}`).set(a.auth).expect(200)).body;
    expect(first).toMatchObject({ superseded: true, superseded_by_id: res.body.id, totals: { tax_due: 13.71 } });

    const body = await stats();
    expect(body).toMatchObject({ total_reports: 2, final_reports: 2, average_mpg: 4.17 });
    // NC: 1,598 / 4.17 = 383.21 -> 383 taxable gallons - 399 = -16, counted once (the amended return's).
    expect(net(body, 'NC')).toBe(-16);
    expect(net(body, 'TN')).toBe(56);
    const everyReport = (await t.http.get(`${REPORTS}/stats?basis=reports`).set(a.auth).expect(200)).body;
    expect(net(everyReport, 'NC')).toBe(-20);
  });
});
