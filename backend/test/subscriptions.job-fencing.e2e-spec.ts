import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { JobLeaseLost } from '../src/database/job-lock.js';
import { RENEWAL_JOB_LOCK, RenewalJob } from '../src/subscriptions/renewal.job.js';
import { SubscriptionRenewalsService } from '../src/subscriptions/subscription-renewals.service.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

const ACCOUNTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When one replica's renewal job starts each account's renewal; `delayMs` slows it so the test can act mid-run. */
function startsOf(app: TestApp, delayMs = 0): number[] {
  const renewals = app.app.get(SubscriptionRenewalsService);
  const starts: number[] = [];
  const processDue = renewals.processDue.bind(renewals);
  jest.spyOn(renewals, 'processDue').mockImplementation(async (userId: string) => {
    starts.push(Date.now());
    await sleep(delayMs);
    return processDue(userId);
  });
  return starts;
}

/**
 * The renewal job checks its lock's lease before each account (docs/operations.md, "A job loses its lock"): when
 * its lock connection is killed mid-run, it starts no further renewal, and the replica that takes the lock over
 * renews the rest.
 */
describe('the renewal job when its lock connection is killed mid-run', () => {
  let one: TestApp;
  let two: TestApp;
  let db: pg.Client;
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    for (let i = 0; i < ACCOUNTS; i += 1) await registerAccount(one.http, {}, { plan_id: 'professional' });
  });
  afterAll(async () => {
    await db.end();
    await one.close();
    await two.close();
  });

  it('starts no renewal after its lock is gone, while the replica that took the lock over renews', async () => {
    for (const app of [one, two]) (app.app.get(Clock) as MovableClock).advance(15 * DAY_MS); // past every trial
    const startsOne = startsOf(one, 100);
    const startsTwo = startsOf(two);
    const runOne = one.app
      .get(RenewalJob)
      .run()
      .then(
        (run) => run,
        (error: unknown) => error,
      );
    while (startsOne.length < 2) await sleep(10);
    const killed = await db.query(
      `SELECT pg_terminate_backend(l.pid) AS killed FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.objsubid = 1 AND l.granted
         AND d.datname = current_database()`,
      [RENEWAL_JOB_LOCK],
    );
    expect(killed.rows).toEqual([{ killed: true }]);
    const killedAt = Date.now();

    const runTwo = await two.app.get(RenewalJob).run();
    expect(runTwo.ran).toBe(true);
    expect(await runOne).toBeInstanceOf(JobLeaseLost);
    expect(startsOne.filter((at) => at > killedAt)).toEqual([]);
    expect(startsTwo.length).toBeGreaterThan(0);
  }, 120_000);
});
