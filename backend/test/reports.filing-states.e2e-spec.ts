import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { daysBetween, todayIn } from '../src/ifta/index.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR = '/api/protected/filing-calendar';

/** An official diesel return (typed rates where the table has none); Texas owes 833 gal x the table's rate. */
const RETURN = {
  company_name: 'Acme Freight LLC',
  calculation_mode: 'official',
  jurisdictions: [
    { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0 },
    { name: 'MO', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1000 },
  ],
};

/**
 * On 2026-11-26 (the app's clock moved there): Q3-2026 was due 2026-11-02, Q2-2026 2026-07-31, Q1-2026 2026-04-30
 * and Q4-2025 2026-02-02; Q4-2026 is due 2027-02-01.
 */
describe('filing states: not started, draft, overdue, filed, filed late, amended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const clock = t.app.get(Clock) as MovableClock;
    clock.reset();
    clock.advance(daysBetween(todayIn('America/New_York', new Date()), '2026-11-26') * DAY_MS);
  });
  afterAll(async () => {
    (t.app.get(Clock) as MovableClock).reset();
    await t.close();
  });

  const save = (account: TestAccount, body: object) =>
    t.http
      .post('/api/protected/reports')
      .set(account.auth)
      .send({ ...RETURN, ...body })
      .expect(201);
  const calendar = async (account: TestAccount) => (await t.http.get(CALENDAR).set(account.auth).expect(200)).body;
  const states = (body: { quarters: Array<{ period: string; state: string }> }) =>
    Object.fromEntries(body.quarters.map((q) => [q.period, q.state]));

  it('shows the last closed quarter past its due date with no final as overdue, with the $50 penalty accruing', async () => {
    const a = await registerAccount(t.http);
    const body = await calendar(a);
    expect(body.today).toBe('2026-11-26');
    // Older quarters without any report are not started: the account may not have existed then.
    expect(states(body)).toEqual({ 'Q3-2026': 'overdue', 'Q2-2026': 'none', 'Q1-2026': 'none', 'Q4-2025': 'none' });
    expect(body.next_due).toMatchObject({ period: 'Q4-2026', due_date: '2027-02-01', days_left: 67, state: 'none' });
    expect(body.return_due).toMatchObject({
      period: 'Q3-2026',
      due_date: '2026-11-02',
      days_left: -24,
      state: 'overdue',
      overdue: true,
      penalty: 50,
    });
    expect(body.interest_rates.length).toBeGreaterThan(0);
  });

  it('keeps a draft past its due date overdue, and carries the penalty on what its latest draft owes', async () => {
    const a = await registerAccount(t.http);
    await save(a, { tax_period: 'Q3-2026' });
    // 100,000 mi / 20,000 gal = 5.00 MPG; the gallons bought in Oklahoma paid no tax there, so nothing is credited:
    // Texas owes 20,000 gal at its table rate, and 10% of that is above the $50 minimum.
    const latest = await save(a, {
      tax_period: 'Q3-2026',
      jurisdictions: [
        { name: 'TX', total_miles: 100000, taxable_miles: 100000, gallons_purchased: 0 },
        { name: 'OK', total_miles: 0, taxable_miles: 0, gallons_purchased: 0, non_tax_paid_gallons: 20000 },
      ],
    });
    const body = await calendar(a);
    expect(body.quarters[0]).toMatchObject({
      period: 'Q3-2026',
      state: 'overdue',
      companies: [{ company_name: 'Acme Freight LLC', state: 'overdue' }],
    });
    const taxDue = latest.body.totals.tax_due as number;
    expect(taxDue).toBeGreaterThan(500);
    expect(body.return_due.penalty).toBe(Math.round(taxDue * 10) / 100);
  });

  it('is filed late, then amended, once finals are saved after the due date; the next return is then due', async () => {
    const a = await registerAccount(t.http);
    await save(a, { tax_period: 'Q3-2026', status: 'final' });
    let body = await calendar(a);
    expect(states(body)['Q3-2026']).toBe('filed_late');
    expect(body.return_due).toMatchObject({ period: 'Q4-2026', overdue: false, penalty: null, interest: null });
    await save(a, { tax_period: 'Q3-2026', status: 'final' });
    body = await calendar(a);
    expect(states(body)['Q3-2026']).toBe('amended');
  });

  it('is filed for a final on time, and names the oldest unfiled quarter with a report as the return due', async () => {
    const a = await registerAccount(t.http);
    await save(a, { tax_period: 'Q3-2026', status: 'final', filed_at: '2026-11-01' });
    await save(a, { tax_period: 'Q2-2026', status: 'final', filed_at: '2026-07-30' });
    // 1Q2026's matrix is not loaded on this server and 2Q2026's is never used for an earlier quarter: rates typed.
    await save(a, { tax_period: 'Q1-2026', jurisdictions: RETURN.jurisdictions.map((j) => ({ ...j, tax_rate: 0.2 })) });
    const body = await calendar(a);
    expect(states(body)).toEqual({ 'Q3-2026': 'final', 'Q2-2026': 'final', 'Q1-2026': 'overdue', 'Q4-2025': 'none' });
    expect(body.return_due).toMatchObject({ period: 'Q1-2026', due_date: '2026-04-30', overdue: true });
    expect(body.return_due.days_left).toBe(-210);
  });

  it('keeps each company its own return: one filed does not file another', async () => {
    const a = await registerAccount(t.http);
    await save(a, { tax_period: 'Q3-2026', status: 'final' });
    await save(a, { tax_period: 'Q3-2026', company_name: 'Other Carrier Inc' });
    const body = await calendar(a);
    expect(body.quarters[0]).toMatchObject({
      state: 'overdue',
      companies: [
        { company_name: 'Acme Freight LLC', state: 'filed_late' },
        { company_name: 'Other Carrier Inc', state: 'overdue' },
      ],
    });
    expect(body.return_due).toMatchObject({ period: 'Q3-2026', overdue: true });
  });
});
