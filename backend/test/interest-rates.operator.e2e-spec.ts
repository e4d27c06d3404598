import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const PERIODS = '/api/operator/interest-rates';
const REPORTS = '/api/protected/reports';

/**
 * IFTA's interest rates are reference data an operator keeps: a year no period covers is listed as missing and late
 * returns show "Annual rate missing" until the operator adds it; then the same return computes its interest. Periods
 * never overlap. On a database of its own: the periods are every account's.
 */
describe('interest rates kept by the operator', () => {
  let own: OwnDatabase;
  let t: TestApp;
  let operator: TestAccount;
  let carrier: TestAccount;

  beforeAll(async () => {
    own = await ownDatabase('interest');
    const email = uniqueEmail('operator');
    t = await createTestApp({ DATABASE_URL: own.url, OPERATOR_EMAILS: email });
    operator = await registerAccount(t.http, { email }, { proven: true });
    carrier = await registerAccount(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  // Q4-2025 (due 2026-01-31) filed 2026-03-15: two months late, both in 2026.
  const lateReturn = {
    company_name: 'Acme',
    tax_period: 'Q4-2025',
    calculation_mode: 'official',
    status: 'final',
    filed_at: '2026-03-15',
    // Fleet MPG 20: TX is a $100 credit, OK owes $100, on which interest runs.
    jurisdictions: [
      { name: 'TX', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 1000, tax_rate: 0.2 },
      { name: 'OK', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 0, tax_rate: 0.2 },
    ],
  };

  /** 2000 (the first year a report may be for) to 2012: the seeded periods start on 2013-01-01. */
  const BEFORE_2013 = Array.from({ length: 13 }, (_, i) => 2000 + i);

  it('lists every uncovered year (2000-2012 and 2026), flags a late return, then computes its interest once the operator adds 2026', async () => {
    const before = (await t.http.get(PERIODS).set(operator.auth).expect(200)).body;
    expect(before.missing_years).toEqual([...BEFORE_2013, 2026]);
    expect(before.periods[0]).toEqual({
      effective_from: expect.any(String),
      effective_to: '2013-06-30',
      annual_rate: '0.1200',
      source: expect.any(String),
    });
    const flagged = (await t.http.post(REPORTS).set(carrier.auth).send(lateReturn).expect(201)).body;
    expect(flagged.interest_rate_missing).toBe(true);

    await t.http.get(PERIODS).set(carrier.auth).expect(403);
    await t.http
      .put(`${PERIODS}/2026-01-01`)
      .set(carrier.auth)
      .send({ effective_to: '2026-12-31', annual_rate: 0.09, source: 'x' })
      .expect(403);
    const saved = await t.http
      .put(`${PERIODS}/2026-01-01`)
      .set(operator.auth)
      .send({ effective_to: '2026-12-31', annual_rate: 0.09, source: 'IFTA, Inc. 2026 interest rate' })
      .expect(200);
    expect(saved.body).toEqual({
      effective_from: '2026-01-01',
      effective_to: '2026-12-31',
      annual_rate: '0.0900',
      source: 'IFTA, Inc. 2026 interest rate',
    });
    expect((await t.http.get(PERIODS).set(operator.auth).expect(200)).body.missing_years).toEqual(BEFORE_2013);

    // Another company name, so the return is an original of its own: the same return filed again would be an
    // amendment of the first, which adds nothing and so owes no interest of its own.
    const computed = (
      await t.http
        .post(REPORTS)
        .set(carrier.auth)
        .send({ ...lateReturn, company_name: 'Acme Two' })
        .expect(201)
    ).body;
    expect(computed.interest_rate_missing).toBe(false);
    // $100 due in OK, February and part of March at 9% a year: 2 x 0.75% = $1.50.
    expect(computed.interest).toBe(1.5);
  });

  const TOO_HIGH = 'annual_rate must be at most 0.25 (25% a year); IFTA publishes a fraction such as 0.09 for 9%';

  it('refuses a 50% rate, anything above 25% and a negative rate with a 400 naming annual_rate; takes 0 and 25%', async () => {
    const put = (body: object) => t.http.put(`${PERIODS}/2012-01-01`).set(operator.auth).send(body);
    for (const annual_rate of [0.5, 0.2501, 0.99]) {
      const res = await put({ effective_to: '2012-12-31', annual_rate, source: 'x' }).expect(400);
      expect(res.body.fields).toEqual({ annual_rate: TOO_HIGH });
    }
    for (const annual_rate of [-0.01, -0.0001]) {
      const res = await put({ effective_to: '2012-12-31', annual_rate, source: 'x' }).expect(400);
      expect(res.body.fields).toEqual({ annual_rate: 'annual_rate must not be negative' });
    }
    const rows = (await t.http.get(PERIODS).set(operator.auth).expect(200)).body.periods as Array<{
      effective_from: string;
    }>;
    expect(rows.some((row) => row.effective_from === '2012-01-01')).toBe(false);
    for (const [annual_rate, text] of [
      [0.25, '0.2500'],
      [0, '0.0000'],
    ] as const) {
      const saved = await put({ effective_to: '2012-12-31', annual_rate, source: 'x' }).expect(200);
      expect(saved.body.annual_rate).toBe(text);
    }
    // The table keeps the same bounds for a period written straight into it (the documented INSERT).
    await expect(
      t.app
        .get(DataSource)
        .query(
          `INSERT INTO interest_rates (effective_from, effective_to, annual_rate, source) VALUES ('2011-01-01', '2011-12-31', 0.5, 'x')`,
        ),
    ).rejects.toThrow(/interest_rates_annual_rate_check/);
    // Covered now, 2012 leaves the missing years; removed, it is listed again.
    const covered = (await t.http.get(PERIODS).set(operator.auth).expect(200)).body.missing_years;
    expect(covered).not.toContain(2012);
    expect(covered).toContain(2011);
    await t.http.delete(`${PERIODS}/2012-01-01`).set(operator.auth).expect(204);
    expect((await t.http.get(PERIODS).set(operator.auth).expect(200)).body.missing_years).toContain(2012);
  });

  it('refuses an overlap, a reversed period, a rate of 9 and a bad day, naming the field; removes a period', async () => {
    const put = (from: string, body: object) => t.http.put(`${PERIODS}/${from}`).set(operator.auth).send(body);
    const overlap = await put('2026-06-01', { effective_to: '2027-05-31', annual_rate: 0.1, source: 'x' }).expect(400);
    expect(overlap.body.fields.effective_to).toBe(
      'The period 2026-06-01 – 2027-05-31 overlaps 2026-01-01 – 2026-12-31: shorten that one first',
    );
    expect(
      (await put('2027-06-01', { effective_to: '2027-01-01', annual_rate: 0.1, source: 'x' }).expect(400)).body.fields,
    ).toEqual({ effective_to: 'effective_to must be on or after effective_from' });
    expect(
      (await put('2027-01-01', { effective_to: '2027-12-31', annual_rate: 9, source: 'x' }).expect(400)).body.fields,
    ).toEqual({ annual_rate: TOO_HIGH });
    expect(
      (await put('2027-02-30', { effective_to: '2027-12-31', annual_rate: 0.1, source: 'x' }).expect(400)).body.fields,
    ).toEqual({ effective_from: 'effective_from must be a date such as 2026-01-01' });
    await put('2027-01-01', { effective_to: '2027-12-31', annual_rate: 0.1, source: 'x' }).expect(200);
    await t.http.delete(`${PERIODS}/2027-01-01`).set(operator.auth).expect(204);
    await t.http.delete(`${PERIODS}/2027-01-01`).set(operator.auth).expect(404);
  });
});
