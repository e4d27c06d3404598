import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/**
 * Interest on a late return whose annual rate changes during the lateness is the exact sum of every month's
 * twelfth, rounded once per jurisdiction (docs/returns.md, "Late returns"). Each case below is an exact half-cent tie,
 * where summing rounded twelfths lost a cent. Worksheet returns so the tax is the typed rate's, with no matrix: the
 * interest rates are the seeded yearly ones (2018 6%, 2019 7%, 2024 10%, 2025 9%).
 */
describe('late interest at an exact half-cent tie', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  /** Interest in cents, rounded once half away from zero: due cents x the months' percents / 1200, in integers. */
  const exactInterest = (dueCents: bigint, percents: readonly bigint[]): number => {
    const numerator = dueCents * percents.reduce((sum, p) => sum + p, 0n);
    return Number((2n * numerator + 1200n) / 2400n) / 100;
  };

  /** One Washington line: taxable miles / MPG 6 gallons at $0.50, none bought there. */
  const washington = (period: string, filedAt: string, taxableMiles: number) => ({
    company_name: 'Evergreen Haulers',
    tax_period: period,
    period,
    average_mpg: 6,
    status: 'final',
    filed_at: filedAt,
    jurisdictions: [
      { name: 'WA', total_miles: taxableMiles, taxable_miles: taxableMiles, gallons_purchased: 0, tax_rate: 0.5 },
    ],
  });

  it('charges $56.70 on $1,000.50 of Q2-2024 tax filed 2025-02-15 (exactly 56.695), on the report and its detail', async () => {
    // 12,006 mi / 6 = 2,001 gal x $0.50 = $1,000.50. Due 2024-07-31: months start 08-01 to 12-01 (five at 10%) and
    // 2025-01-01, 2025-02-01 (two at 9%): 100,050 cents x 68 / 1200 = 5,669.5 cents, a tie, so $56.70.
    const interest = exactInterest(100050n, [10n, 10n, 10n, 10n, 10n, 9n, 9n]);
    const created = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(washington('Q2-2024', '2025-02-15', 12006))
      .expect(201);
    expect(created.body.totals.tax_due).toBe(1000.5);
    expect(created.body).toMatchObject({ interest, interest_rate_missing: false });
    expect(interest).toBe(56.7);
    // Penalty: 10% of $1,000.50 = $100.05; to remit 1,000.50 + 100.05 + 56.70.
    expect(created.body.total_to_remit).toBe(Number((100050 + 10005 + Math.round(interest * 100)) / 100));
    const read = await t.http.get(`${REPORTS}/${created.body.id}`).set(a.auth).expect(200);
    expect(read.body.interest).toBe(interest);
  });

  it('charges $21.78 on $1,005.00 of Q3-2018 tax filed 2019-02-10 (exactly 21.775), also when the day is corrected to it', async () => {
    // 12,060 mi / 6 = 2,010 gal x $0.50 = $1,005.00. Due 2018-10-31: months start 2018-11-01, 2018-12-01 (6%),
    // 2019-01-01, 2019-02-01 (7%): 100,500 cents x 26 / 1200 = 2,177.5 cents, a tie, so $21.78.
    const interest = exactInterest(100500n, [6n, 6n, 7n, 7n]);
    expect(interest).toBe(21.78);
    const created = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(washington('Q3-2018', '2019-02-10', 12060))
      .expect(201);
    expect(created.body.interest).toBe(interest);
    // Filed first on 2019-01-10 (three months: 6 + 6 + 7 = 19 percents, 100,500 x 19 / 1200 = 1,591.25 cents), then
    // corrected to 2019-02-10.
    const early = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(washington('Q3-2018', '2019-01-10', 12060))
      .expect(201);
    expect(early.body.interest).toBe(exactInterest(100500n, [6n, 6n, 7n]));
    const corrected = await t.http
      .patch(`${REPORTS}/${early.body.id}/filing`)
      .set(a.auth)
      .send({ filed_at: '2019-02-10' })
      .expect(200);
    expect(corrected.body.interest).toBe(interest);
  });
});
