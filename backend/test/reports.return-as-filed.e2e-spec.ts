import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { LATE_RETURN_WITH_SURCHARGES } from './helpers/late-return.js';
import { withoutAuthors } from './helpers/report-detail.js';

const REPORTS = '/api/protected/reports';

/**
 * The return as filed: an official return is computed on each fuel type's fleet MPG only (a typed MPG is the
 * worksheet's), and a late one owes penalty and interest on each jurisdiction's tax plus surcharge, with the total
 * to remit answered beside them (docs/ifta-domain.md, "The computation" and "Late returns").
 */
describe('the return as filed', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  // TX, OK and AR diesel at the account's seeded 2Q2026 table rates (0.20, 0.19, 0.285).
  const FLEET = {
    company_name: 'Acme Freight LLC',
    license_number: 'TX-1',
    tax_period: 'Q2-2026',
    calculation_mode: 'official',
    jurisdictions: [
      { name: 'TX', total_miles: 20000, taxable_miles: 20000, gallons_purchased: 2000 },
      { name: 'OK', total_miles: 9000, taxable_miles: 9000, gallons_purchased: 1000 },
      { name: 'AR', total_miles: 6000, taxable_miles: 6000, gallons_purchased: 1000 },
    ],
  };

  it('files TX/OK/AR at the fleet MPG 8.75: a $26.78 credit', async () => {
    const res = await t.http.post(REPORTS).set(a.auth).send(FLEET).expect(201);
    expect(res.body).toMatchObject({ mpg_source: 'fleet', fleet_mpg: 8.75, average_mpg: 8.75, total_to_remit: -26.78 });
    // TX 2,286 - 2,000 = 286 x 0.20; OK 1,029 - 1,000 = 29 x 0.19; AR 686 - 1,000 = -314 x 0.285.
    expect(res.body.jurisdictions.map((j: { gallons_consumed: number; tax_due: number }) => j.tax_due)).toEqual([
      57.2, 5.51, -89.49,
    ]);
    expect(res.body.totals.tax_due).toBe(-26.78);
  });

  it('refuses a typed MPG on an official return with a 400 naming average_mpg', async () => {
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({ ...FLEET, average_mpg: 7.5 })
      .expect(400);
    expect(res.body.message).toContain('average_mpg cannot be typed in official mode');
    expect(res.body.fields).toEqual({ average_mpg: expect.stringContaining('fleet MPG') });
  });

  it('refuses a typed MPG sent with an update of an official return too', async () => {
    const saved = await t.http.post(REPORTS).set(a.auth).send(FLEET).expect(201);
    const res = await t.http.put(`${REPORTS}/${saved.body.id}`).set(a.auth).send({ average_mpg: 7.5 }).expect(400);
    expect(res.body.fields.average_mpg).toContain('official mode');
  });

  it("keeps the spec's typed MPG in worksheet mode", async () => {
    const worksheet = {
      ...FLEET,
      calculation_mode: 'worksheet',
      average_mpg: 7.5,
      jurisdictions: FLEET.jurisdictions.map((j, i) => ({ ...j, tax_rate: [0.2, 0.19, 0.285][i] })),
    };
    const res = await t.http.post(REPORTS).set(a.auth).send(worksheet).expect(201);
    expect(res.body).toMatchObject({ calculation_mode: 'worksheet', average_mpg: 7.5 });
    expect(res.body.jurisdictions[0].gallons_consumed).toBe(2666.667); // 20,000 / 7.5
  });

  it('still requires average_mpg in worksheet mode', async () => {
    const { calculation_mode: _mode, ...worksheet } = FLEET;
    const res = await t.http.post(REPORTS).set(a.auth).send(worksheet).expect(400);
    expect(res.body.message).toContain('average_mpg is required');
  });

  // Q3-2025 is due 2025-10-31; filed 2025-12-15 it is two months late, at 9% a year / 12.
  const LATE = LATE_RETURN_WITH_SURCHARGES;

  it('charges penalty $111.37 and interest $42.85 on tax plus surcharge, and answers the total to remit', async () => {
    const res = await t.http.post(REPORTS).set(a.auth).send(LATE).expect(201);
    // Fleet MPG 220,000 / 14,000 = 15.71. KY tax 1,240.36 + surcharge 801.99; VA 267.81 + 546.12; TN -1,742.58.
    expect(
      res.body.jurisdictions.map((j: { tax_due: number; surcharge_due: number }) => [j.tax_due, j.surcharge_due]),
    ).toEqual([
      [1240.36, 801.99],
      [267.81, 546.12],
      [-1742.58, 0],
    ]);
    expect(res.body.totals).toMatchObject({ tax_due: 1113.7, surcharge_due: 1348.11 });
    // 10% of 1,113.70; (2,042.35 + 813.93) x 1.5%, each jurisdiction to the cent: 30.64 + 12.21.
    expect(res.body).toMatchObject({ penalty: 111.37, interest: 42.85, total_to_remit: 1267.92 });
    const read = await t.http.get(`${REPORTS}/${res.body.id}`).set(a.auth).expect(200);
    expect(withoutAuthors(read.body)).toEqual(res.body);
  });

  it('recomputes penalty and interest on tax plus surcharge when the filing day is corrected', async () => {
    // An account of its own: a second final of the return above would be an amendment, billed on its difference.
    const own = await registerAccount(t.http);
    const saved = await t.http
      .post(REPORTS)
      .set(own.auth)
      .send({ ...LATE, filed_at: '2025-11-10' })
      .expect(201);
    // One month late: (2,042.35 + 813.93) x 0.75% = 15.32 + 6.10.
    expect(saved.body).toMatchObject({ penalty: 111.37, interest: 21.42, total_to_remit: 1246.49 });
    const res = await t.http
      .patch(`${REPORTS}/${saved.body.id}/filing`)
      .set(own.auth)
      .send({ filed_at: '2025-12-15' })
      .expect(200);
    expect(res.body).toMatchObject({ penalty: 111.37, interest: 42.85, total_to_remit: 1267.92 });
  });

  it('answers a draft total to remit equal to its tax and surcharges', async () => {
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({ ...LATE, status: 'draft', filed_at: undefined })
      .expect(201);
    expect(res.body).toMatchObject({ penalty: null, interest: null, total_to_remit: 1113.7 });
  });
});
