import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const STARTER_LIMIT = 10;
/** The app's pooled connections, and how many saves must wait on a lock (each holding one) before they are let go. */
const POOL = 20;
const WAITING = 12;

/**
 * The monthly report cap holds when saves race: an account one report short of its cap that sends many saves at once
 * gets exactly one of them (PLANS.md, Usage limit). To make the race certain rather than likely, the test holds the
 * account's row of the kept totals, which every save writes after the guard has let it through: the saves pile up
 * behind it, all having seen room, and run together when it is let go.
 */
describe('the monthly report cap under concurrent saves', () => {
  let t: TestApp;
  let clock: MovableClock;
  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: String(POOL) });
    clock = t.app.get(Clock) as MovableClock;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const create = (a: TestAccount) => t.http.post(REPORTS).set(a.auth).send(SAMPLE_REPORT);
  const reportCount = async (a: TestAccount) =>
    ((await t.http.get(REPORTS).set(a.auth).expect(200)).body as unknown[]).length;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Sends the saves while the account's totals row is held, and lets go once `waiting` of them wait on a lock. */
  async function racing<T>(userId: string, waiting: number, saves: () => Promise<T>): Promise<T> {
    const db = t.app.get(DataSource);
    // Every save needs a pooled connection while it waits: open them now, not while the saves queue for them.
    await Promise.all(Array.from({ length: POOL - 1 }, () => db.query('SELECT pg_sleep(0.05)')));
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1 FROM account_report_totals WHERE user_id = $1 FOR UPDATE', [userId]);
      const sent = saves();
      for (let i = 0; i < 200; i += 1) {
        const [{ count }] = (await runner.query(
          `SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )) as Array<{ count: number }>;
        if (count >= waiting) break;
        await sleep(25);
      }
      await runner.commitTransaction();
      return await sent;
    } finally {
      await runner.release();
    }
  }

  function expectOneAccepted(statuses: number[], accepted: number): void {
    expect(statuses.filter((status) => status === accepted)).toHaveLength(1);
    expect(statuses.filter((status) => status !== accepted && status !== 403)).toEqual([]);
    expect(statuses.filter((status) => status === 403)).toHaveLength(statuses.length - 1);
  }

  it.each([20, 50])('accepts exactly one of %i creates sent at once at 9 of 10', async (n) => {
    const a = await registerAccount(t.http, {}, { plan_id: 'starter' });
    for (let i = 0; i < STARTER_LIMIT - 1; i += 1) await create(a).expect(201);
    const answers = await racing(a.user.id, WAITING, () => Promise.all(Array.from({ length: n }, () => create(a))));
    expectOneAccepted(
      answers.map((res) => res.status),
      201,
    );
    for (const refused of answers.filter((res) => res.status === 403)) {
      expect(refused.body).toMatchObject({
        code: 'USAGE_LIMIT_REACHED',
        limit: STARTER_LIMIT,
        feature: 'report_creation',
      });
    }
    expect(await reportCount(a)).toBe(STARTER_LIMIT);
    const access = await t.http
      .get('/api/protected/subscriptions/feature-access?feature=report_creation')
      .set(a.auth)
      .expect(200);
    expect(access.body).toMatchObject({ has_access: false, reason: 'USAGE_LIMIT_REACHED' });
  });

  it.each([20, 50])('accepts exactly one of %i rewrites of earlier drafts sent at once at 9 of 10', async (n) => {
    // Professional (100 a month) while the drafts are made last month, then Starter: a trial changes plan at once.
    const a = await registerAccount(t.http, {}, { plan_id: 'professional' });
    clock.advance(-31 * DAY_MS);
    const drafts: string[] = [];
    for (let i = 0; i < n; i += 1) drafts.push((await create(a).expect(201)).body.id as string);
    clock.reset();
    await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'starter' }).expect(200);
    for (let i = 0; i < STARTER_LIMIT - 1; i += 1) await create(a).expect(201);
    const answers = await racing(a.user.id, WAITING, () =>
      Promise.all(
        drafts.map((id) => t.http.put(`${REPORTS}/${id}`).set(a.auth).send({ company_name: 'Rewritten Co' })),
      ),
    );
    expectOneAccepted(
      answers.map((res) => res.status),
      200,
    );
    const rewritten = (await t.http.get(REPORTS).set(a.auth).expect(200)).body as Array<{ company_name: string }>;
    expect(rewritten.filter((report) => report.company_name === 'Rewritten Co')).toHaveLength(1);
    await create(a).expect(403);
  });
});
