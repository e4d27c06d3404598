import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import type { EntityManager } from 'typeorm';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { CalendarRepository } from '../src/calendar/calendar.repository.js';
import { REMINDER_JOB_LOCK, ReminderJob } from '../src/calendar/reminder.job.js';
import { JobLeaseLost } from '../src/database/job-lock.js';
import { daysBefore, daysBetween, nextDueReturn, todayIn } from '../src/ifta/index.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const ZONE = 'America/New_York'; // the settings' default time zone
const DAY_MS = 24 * 60 * 60_000;
const ACCOUNTS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Watches one replica's reminder transactions: when each one that recorded a reminder committed. */
function commitsOf(app: TestApp, delayMs = 0): number[] {
  const repository = app.app.get(CalendarRepository);
  const commits: number[] = [];
  const transaction = repository.transaction.bind(repository);
  jest.spyOn(repository, 'transaction').mockImplementation(async <T>(work: (m: EntityManager) => Promise<T>) => {
    const value = await transaction(async (manager) => {
      await sleep(delayMs); // a slow replica, so the test can act in the middle of its run
      return work(manager);
    });
    if (value === true) commits.push(Date.now());
    return value;
  });
  return commits;
}

/**
 * Scheduled jobs are fenced (docs/operations.md, "A job loses its lock"): the reminder job's advisory lock lives on
 * one connection; when that connection dies mid-run another replica takes the lock, and the first run stops at its
 * next reminder instead of going on beside it. Every due reminder is still written exactly once.
 */
describe('the reminder job when its lock connection is killed mid-run', () => {
  let one: TestApp;
  let two: TestApp;
  let db: pg.Client;
  let accounts: TestAccount[];
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    accounts = [];
    for (let i = 0; i < ACCOUNTS; i += 1) accounts.push(await registerAccount(one.http, {}, { subscribed: false }));
  });
  afterAll(async () => {
    await db.end();
    await one.close();
    await two.close();
  });

  it('stops the run that lost its lock before the replica that took it over writes anything', async () => {
    const next = nextDueReturn(daysBefore(todayIn(ZONE, new Date()), -15));
    const days = daysBetween(todayIn(ZONE, new Date()), daysBefore(next.dueDate, 14));
    for (const app of [one, two]) (app.app.get(Clock) as MovableClock).advance(days * DAY_MS);

    const commitsOne = commitsOf(one, 40);
    const commitsTwo = commitsOf(two);
    const runOne = one.app
      .get(ReminderJob)
      .run()
      .then(
        (run) => run,
        (error: unknown) => error,
      );
    while (commitsOne.length < 3) await sleep(10);
    const killed = await db.query(
      `SELECT pg_terminate_backend(l.pid) AS killed FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.objsubid = 1 AND l.granted
         AND d.datname = current_database()`,
      [REMINDER_JOB_LOCK],
    );
    expect(killed.rows).toEqual([{ killed: true }]);

    const runTwo = await two.app.get(ReminderJob).run();
    expect(runTwo.ran).toBe(true);
    expect(await runOne).toBeInstanceOf(JobLeaseLost);
    expect(commitsOne.length).toBeLessThan(ACCOUNTS);
    expect(commitsTwo.length).toBeGreaterThan(0);
    // No overlap: the first run's last reminder committed before the second run's first.
    expect(Math.max(...commitsOne)).toBeLessThan(Math.min(...commitsTwo));

    const ids = accounts.map((a) => a.user.id);
    const { rows } = await db.query(
      `SELECT user_id, count(*)::int AS n FROM sent_reminders
       WHERE user_id = ANY($1::uuid[]) AND period = $2 AND days_before = 14 GROUP BY user_id`,
      [ids, next.period],
    );
    expect(rows).toHaveLength(ACCOUNTS);
    expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    const mails = await db.query(
      `SELECT idempotency_key FROM outbox_messages WHERE idempotency_key = ANY($1::text[])`,
      [ids.map((id) => `reminder:${id}:${next.period}:14`)],
    );
    expect(mails.rows).toHaveLength(ACCOUNTS);
  }, 120_000);
});
