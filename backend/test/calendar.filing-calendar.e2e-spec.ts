import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { ReminderJob } from '../src/calendar/reminder.job.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { daysBefore, daysBetween, nextDueReturn, periodOptions, todayIn } from '../src/ifta/index.js';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'America/New_York'; // the settings' default time zone

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) so a Russian subject can be read. */
function decodeWords(text: string): string {
  return text.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

describe('filing calendar API', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  // The 2026 rate one test enters is taken out again: the run's other suites share the database.
  afterAll(async () => {
    await db.query(`DELETE FROM interest_rates WHERE effective_from = '2026-01-01'`);
    await t.close();
  });

  const post = (account: TestAccount, body: object) =>
    t.http
      .post('/api/protected/reports')
      .set(account.auth)
      .send({ ...SAMPLE_REPORT, ...body });

  describe('late returns', () => {
    it('charges a 1Q2026 return filed 2026-06-15 the $50 penalty and two months of interest at the 2026 rate', async () => {
      const a = await registerAccount(t.http);
      // docs/ifta-domain.md lists no 2026 rate: until one is entered the interest is missing, never guessed.
      const before = await post(a, { tax_period: 'Q1-2026', status: 'final', filed_at: '2026-06-15' }).expect(201);
      expect(before.body).toMatchObject({
        due_date: '2026-04-30',
        filed_at: '2026-06-15',
        penalty: 50,
        interest: null,
        interest_rate_missing: true,
      });

      await db.query(
        `INSERT INTO interest_rates (effective_from, effective_to, annual_rate, source)
         VALUES ('2026-01-01', '2026-12-31', 0.12, 'test') ON CONFLICT (effective_from) DO UPDATE SET annual_rate = 0.12`,
      );
      const res = await post(a, { tax_period: 'Q1-2026', status: 'final', filed_at: '2026-06-15' }).expect(201);
      // Net tax due 58.00 - 30.00 = 28.00: 10% is less than $50. Interest on TX's 58.00 only (OK is a credit):
      // 58.00 x 0.12 / 12 x 2 months = 1.16.
      expect(res.body).toMatchObject({ penalty: 50, interest: 1.16, interest_rate_missing: false });
      const read = await t.http.get(`/api/protected/reports/${res.body.id}`).set(a.auth).expect(200);
      expect(read.body).toMatchObject({ due_date: '2026-04-30', filed_at: '2026-06-15', penalty: 50, interest: 1.16 });
      const list = await t.http.get('/api/protected/reports').set(a.auth).expect(200);
      expect(list.body.find((r: { id: string }) => r.id === res.body.id)).toMatchObject({
        due_date: '2026-04-30',
        penalty: 50,
        interest: 1.16,
      });
    });

    it('charges 10% of a large net tax due, and nothing on a return filed on time', async () => {
      const a = await registerAccount(t.http);
      const big = {
        jurisdictions: [
          { name: 'TX', total_miles: 100000, taxable_miles: 100000, gallons_purchased: 0, tax_rate: 0.2 },
        ],
      };
      // 100,000 mi / 5 MPG x $0.20 = $4,000.00: the penalty is $400.00.
      const late = await post(a, { ...big, tax_period: 'Q1-2026', status: 'final', filed_at: '2026-05-01' }).expect(
        201,
      );
      expect(late.body).toMatchObject({ penalty: 400, interest: 40 });
      const onTime = await post(a, { ...big, tax_period: 'Q1-2026', status: 'final', filed_at: '2026-04-30' }).expect(
        201,
      );
      expect(onTime.body).toMatchObject({
        due_date: '2026-04-30',
        filed_at: '2026-04-30',
        penalty: null,
        interest: null,
      });
    });

    it('gives a draft its due date but no filing day, penalty or interest', async () => {
      const a = await registerAccount(t.http);
      const res = await post(a, { tax_period: 'Q3-2026' }).expect(201);
      expect(res.body).toMatchObject({ due_date: '2026-11-02', filed_at: null, penalty: null, interest: null });
    });

    it("files a final report today in the account's time zone when no day is given", async () => {
      const a = await registerAccount(t.http);
      const res = await post(a, { tax_period: 'Q3-2025', status: 'final' }).expect(201);
      expect(res.body.filed_at).toBe(todayIn(ZONE, new Date()));
      expect(res.body.penalty).toBe(50); // Q3-2025 was due 2025-10-31
    });

    it('corrects the filing day of a final report, refuses it on a draft (409) and for another account (404)', async () => {
      const a = await registerAccount(t.http);
      const b = await registerAccount(t.http);
      const final = await post(a, { tax_period: 'Q1-2026', status: 'final', filed_at: '2026-06-15' }).expect(201);
      const fixed = await t.http
        .patch(`/api/protected/reports/${final.body.id}/filing`)
        .set(a.auth)
        .send({ filed_at: '2026-04-29' })
        .expect(200);
      expect(fixed.body).toMatchObject({ filed_at: '2026-04-29', penalty: null, interest: null });
      const draft = await post(a, { tax_period: 'Q1-2026' }).expect(201);
      await t.http
        .patch(`/api/protected/reports/${draft.body.id}/filing`)
        .set(a.auth)
        .send({ filed_at: '2026-04-29' })
        .expect(409);
      await t.http
        .patch(`/api/protected/reports/${final.body.id}/filing`)
        .set(b.auth)
        .send({ filed_at: '2026-04-29' })
        .expect(404);
    });
  });

  describe('validation', () => {
    it.each([
      ['tax_period', { tax_period: 'Q5-2026' }],
      ['tax_period', { tax_period: '1999-12' }],
      ['tax_period', { tax_period: 'Q1-2100' }],
      ['tax_period', { tax_period: '2026-13' }],
      ['filed_at', { status: 'final', filed_at: '2026-02-30' }],
      ['filed_at', { status: 'final', filed_at: '15/06/2026' }],
      ['filed_at', { status: 'final', filed_at: '2999-01-01' }],
    ])('answers 400 naming %s for %j, and saves nothing', async (field, body) => {
      const a = await registerAccount(t.http);
      const res = await post(a, body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: expect.stringContaining(field) });
      expect((await t.http.get('/api/protected/reports').set(a.auth).expect(200)).body).toEqual([]);
    });

    it('accepts a month for monthly filers and an old quarter, each with its due date', async () => {
      const a = await registerAccount(t.http);
      expect((await post(a, { tax_period: '2026-08' }).expect(201)).body.due_date).toBe('2026-11-02');
      expect((await post(a, { tax_period: 'Q4-2025' }).expect(201)).body.due_date).toBe('2026-02-02');
    });
  });

  describe('GET /api/protected/filing-calendar', () => {
    it('offers the current quarter and eight before, the next due date and the last four quarters', async () => {
      const a = await registerAccount(t.http);
      const today = todayIn(ZONE, new Date());
      const { periods, defaultPeriod } = periodOptions(today);
      const closed = periods[1];
      await post(a, { tax_period: closed }).expect(201);
      await post(a, { tax_period: periods[2], status: 'final' }).expect(201); // filed today: late
      const res = await t.http.get('/api/protected/filing-calendar').set(a.auth).expect(200);
      const next = nextDueReturn(today);
      expect(res.body).toMatchObject({
        today,
        period_type: 'quarterly',
        periods,
        default_period: defaultPeriod,
        next_due: { period: next.period, due_date: next.dueDate, days_left: next.daysLeft },
      });
      expect(res.body.periods).toHaveLength(9);
      expect(res.body.quarters.map((q: { period: string }) => q.period)).toEqual(periods.slice(1, 5));
      // A draft past its due date is overdue; before it, a draft.
      expect(res.body.quarters[0].state).toBe(today > res.body.quarters[0].due_date ? 'overdue' : 'draft');
      expect(res.body.quarters[1].state).toBe('filed_late');
      expect(res.body.quarters[2].state).toBe('none');
    });

    it('offers months when the account files monthly', async () => {
      const a = await registerAccount(t.http);
      await t.http
        .put('/api/protected/user/settings')
        .set(a.auth)
        .send({ default_tax_period_type: 'monthly' })
        .expect(200);
      const res = await t.http.get('/api/protected/filing-calendar').set(a.auth).expect(200);
      expect(res.body.period_type).toBe('monthly');
      expect(res.body.periods[0]).toMatch(/^\d{4}-\d{2}$/);
    });
  });
});

describe('filing reminders (two app replicas)', () => {
  let one: TestApp;
  let two: TestApp;
  let outbox: string;
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp();
    outbox = join(one.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
  });
  afterEach(() => {
    (one.app.get(Clock) as MovableClock).reset();
    (two.app.get(Clock) as MovableClock).reset();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  /** Both replicas' clocks to the given day in New York, keeping the time of day. */
  const travelTo = (day: string) => {
    const days = daysBetween(todayIn(ZONE, new Date()), day);
    for (const app of [one, two]) {
      const clock = app.app.get(Clock) as MovableClock;
      clock.reset();
      clock.advance(days * DAY_MS);
    }
  };
  const runBoth = () =>
    Promise.all([one.app.get(ReminderJob).run(), two.app.get(ReminderJob).run(), one.app.get(ReminderJob).run()]);
  const mailsTo = (email: string) =>
    (existsSync(outbox) ? readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8')) : [])
      // Every new account is also mailed a link to prove its address; only reminders are counted here.
      .filter((eml) => eml.includes(`To: ${email}`) && !eml.includes('email-proof:'))
      .map(decodeWords);

  it('sends each reminder exactly once, 14 and 3 days ahead, never when off or when the return is final', async () => {
    const on = await registerAccount(one.http);
    const russian = await registerAccount(one.http);
    const off = await registerAccount(one.http);
    const filed = await registerAccount(one.http);
    await one.http
      .put('/api/protected/user/settings')
      .set(russian.auth)
      .send({ language: 'ru', date_format: 'DD/MM/YYYY' })
      .expect(200);
    await one.http.put('/api/protected/user/settings').set(off.auth).send({ report_reminders: false }).expect(200);

    const next = nextDueReturn(daysBefore(todayIn(ZONE, new Date()), -15));
    await one.http
      .post('/api/protected/reports')
      .set(filed.auth)
      .send({ ...SAMPLE_REPORT, tax_period: next.period, status: 'final' })
      .expect(201);

    travelTo(daysBefore(next.dueDate, 14));
    const runs = await runBoth();
    expect(runs.filter((run) => run.ran).length).toBeGreaterThanOrEqual(1);
    await runBoth(); // a later run, on either replica, sends nothing again
    expect(mailsTo(on.user.email)).toHaveLength(1);
    expect(mailsTo(on.user.email)[0]).toContain(`Reminder: your IFTA return for ${next.period} is due`);
    const [ru] = mailsTo(russian.user.email);
    const [year, month, day] = next.dueDate.split('-');
    expect(ru).toContain(`Напоминание: декларация IFTA за ${next.period}`);
    expect(ru).toContain(`${day}/${month}/${year}`);
    expect(mailsTo(off.user.email)).toHaveLength(0);
    expect(mailsTo(filed.user.email)).toHaveLength(0);

    // Days pass with the app down; the next run sends the 3-day reminder once.
    travelTo(daysBefore(next.dueDate, 2));
    await runBoth();
    await runBoth();
    expect(mailsTo(on.user.email)).toHaveLength(2);
    expect(mailsTo(off.user.email)).toHaveLength(0);
    expect(mailsTo(filed.user.email)).toHaveLength(0);
    // In a whole-suite run every earlier suite's account is due a reminder too: the first run e-mails them all.
  }, 180_000);

  it('reminds a return still not filed after its due date, again later, and stops once it is filed', async () => {
    const late = await registerAccount(one.http, { company_name: 'Late Haulers' });
    const overdue = (email: string) => mailsTo(email).filter((mail) => mail.includes('Overdue:'));

    // The quarter that fell due before the account was opened was its business elsewhere: no overdue reminder.
    travelTo(todayIn(ZONE, new Date()));
    await runBoth();
    expect(overdue(late.user.email)).toHaveLength(0);

    const next = nextDueReturn(daysBefore(todayIn(ZONE, new Date()), -15));
    travelTo(daysBefore(next.dueDate, -1));
    await runBoth();
    await runBoth();
    expect(overdue(late.user.email)).toHaveLength(1);
    const [first] = overdue(late.user.email);
    expect(first).toContain(`Overdue: your IFTA return for ${next.period} (Late Haulers) was due`);
    expect(first).toContain('is 1 day overdue');

    // A week late, once more; then the return is filed and the reminders stop.
    travelTo(daysBefore(next.dueDate, -8));
    await runBoth();
    expect(overdue(late.user.email)).toHaveLength(2);
    expect(overdue(late.user.email)[1]).toContain('is 8 days overdue');
    await one.http
      .post('/api/protected/reports')
      .set(late.auth)
      .send({ ...SAMPLE_REPORT, tax_period: next.period, status: 'final' })
      .expect(201);
    travelTo(daysBefore(next.dueDate, -31));
    await runBoth();
    expect(overdue(late.user.email)).toHaveLength(2);
  }, 180_000);
});
