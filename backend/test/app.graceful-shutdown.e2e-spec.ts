import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import pg from 'pg';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { gracefulShutdown } from '../src/common/shutdown/graceful-shutdown.js';
import { RENEWAL_JOB_LOCK } from '../src/subscriptions/renewal.job.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { captureLogs } from './helpers/log-capture.js';
import { ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The shutdown sequence of one replica (docs/operations.md, Scaling), on the real app in this process: what main.ts runs on
 * SIGTERM, with the process exit handed to the test. The two-replica rolling restart is in app.replicas.e2e-spec.ts.
 */
async function listeningApp(slowMs: number) {
  // No built frontend: its index.html fallback would answer the slow route below once `npm run build` has run.
  const t = await createTestApp({ FRONTEND_DIST: '/nonexistent-frontend-dist' });
  let arrived: () => void = () => undefined;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  // A request that takes a while, to be in flight when the signal comes.
  t.app.use('/slow', (_req: Request, res: Response, _next: NextFunction) => {
    arrived();
    const answer = setTimeout(() => res.status(200).json({ done: true }), slowMs);
    res.once('close', () => clearTimeout(answer)); // a closed connection leaves no timer behind
  });
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return { t, base: `http://127.0.0.1:${port}`, slowArrived };
}

describe('graceful shutdown', () => {
  it('turns health to 503, closes connections after answering, finishes the request in flight, then exits 0', async () => {
    const { t, base, slowArrived } = await listeningApp(1200);
    const exits: number[] = [];
    const shutdown = gracefulShutdown(t.app, { delayMs: 400, timeoutMs: 5000 }, quietLogger, (code) =>
      exits.push(code),
    );

    const slow = fetch(`${base}/slow`);
    await slowArrived;
    const stopped = shutdown('SIGTERM');
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('connection')).toBe('close');
    expect(await health.json()).toMatchObject({ statusCode: 503, error: 'Shutting down' });

    await sleep(600); // past the delay: the listener is closed, new connections are refused
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(exits).toEqual([]); // still waiting for the slow request

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await stopped;
    expect(exits).toEqual([0]);
  });

  it('closes a request still running after the timeout, and still exits 0', async () => {
    const { t, base, slowArrived } = await listeningApp(10_000);
    const exits: number[] = [];
    const warnings: string[] = [];
    const logger = { ...quietLogger, warn: (message: string) => void warnings.push(message) };
    const shutdown = gracefulShutdown(t.app, { delayMs: 0, timeoutMs: 500 }, logger, (code) => exits.push(code));

    const slow = fetch(`${base}/slow`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await slowArrived;
    const started = Date.now();
    await shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await slow).toBe('connection closed');
    expect(warnings).toEqual(['1 request(s) still running after 500 ms; closing them']);
    expect(exits).toEqual([0]);
  });

  it("lets the renewal job's run in progress finish and unlock before the pool closes, and starts no other", async () => {
    const logs = captureLogs();
    // A database of its own: in the run's shared one, the renewal run would first bill every trial the other suites
    // left there (the clock moves 15 days for all of them), some twenty seconds of work that proves nothing here.
    const own = await ownDatabase('shutdown');
    const t = await createTestApp(
      { DATABASE_URL: own.url, BILLING_JOB_INTERVAL_MS: '50', LOG_LEVEL: 'info' },
      { logDestination: logs.stream },
    );
    const account = await registerAccount(t.http); // Enterprise, 14-day trial
    const db = new pg.Client({ connectionString: own.url });
    await db.connect();
    try {
      // Holding the account's billing lock keeps the job's run waiting inside the renewal, until we let go.
      await db.query('BEGIN');
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing:${account.user.id}`]);
      (t.app.get(Clock) as MovableClock).advance(15 * DAY_MS);
      const waiting = async () =>
        (
          await db.query(
            "SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()",
          )
        ).rows[0].n > 0;
      // Wait on the condition, not on a count of polls: the run starts on the job's next tick.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(await waiting())) await sleep(50);
      expect(await waiting()).toBe(true);

      const closed = t.app.close().then(() => 'closed');
      expect(await Promise.race([closed, sleep(700).then(() => 'still waiting')])).toBe('still waiting');
      await db.query('COMMIT');
      expect(await closed).toBe('closed');

      const { rows } = await db.query('SELECT count(*)::int AS n FROM invoices WHERE user_id = $1', [account.user.id]);
      expect(rows[0].n).toBe(1); // the run billed the trial's end
      expect((await db.query('SELECT pg_try_advisory_lock($1) AS free', [RENEWAL_JOB_LOCK])).rows[0].free).toBe(true);
      await db.query('SELECT pg_advisory_unlock($1)', [RENEWAL_JOB_LOCK]);
      expect(logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
      // One run, and no other after it.
      const runs = logs
        .lines()
        .filter((line) => line.context === 'RenewalJob')
        .map((line) => line.msg);
      expect(runs).toHaveLength(1);
      expect(runs).toEqual(['processed 1 account(s)']);
    } finally {
      await db.end();
      await own.drop();
    }
  }, 120_000);
});
