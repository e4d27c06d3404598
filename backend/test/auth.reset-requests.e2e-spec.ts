import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import type { EntityManager } from 'typeorm';
import { RESET_REQUESTED } from '../src/auth/account-security.controller.js';
import { PasswordResetService } from '../src/auth/password-reset.service.js';
import { Outbox } from '../src/mail/outbox.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { until } from './helpers/until.js';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

/**
 * An acknowledged password reset always ends in its e-mail: the request is written down before it is answered, and
 * the transaction that writes the token and enqueues the e-mail also deletes the request, so a failure midway
 * leaves neither and the request is carried out again; a request that could not be written down is not answered
 * as if it had been.
 */
describe('password-reset requests', () => {
  // A database of its own: another suite's app sweeping left-behind requests would carry out this suite's.
  let own: OwnDatabase;
  let db: pg.Client;
  let t: TestApp;
  beforeAll(async () => {
    own = await ownDatabase('reset_requests');
    db = new pg.Client({ connectionString: own.url });
    await db.connect();
    // No sweep on a timer: the test runs it when it means to.
    t = await createTestApp({ DATABASE_URL: own.url, OUTBOX_JOB_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await db.end();
    await own.drop();
  });

  const count = async (sql: string, params: unknown[]) => ((await db.query(sql, params)).rows[0] as { n: number }).n;
  const tokensOf = (userId: string) =>
    count('SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1', [userId]);
  const resetMailsTo = (email: string) =>
    count(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1 AND idempotency_key LIKE 'password-reset:%'`,
      [email],
    );
  const waiting = () => count('SELECT count(*)::int AS n FROM password_reset_requests', []);

  it('writes the token and the e-mail together: a failure after the token leaves neither, and the request is carried out again', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    let tokenWritten = false;
    let failed = 0;
    const outbox = t.app.get(Outbox);
    const original = outbox.enqueue.bind(outbox);
    // Only the reset's e-mail fails, once: other e-mails (the new account's, enqueued after its answer) go through.
    const enqueue = jest.spyOn(outbox, 'enqueue').mockImplementation(async (manager: EntityManager, message) => {
      if (!message.key.startsWith('password-reset:') || failed > 0) return original(manager, message);
      failed += 1;
      const [row] = (await manager.query('SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1', [
        owner.user.id,
      ])) as Array<{ n: number }>;
      tokenWritten = row.n === 1;
      throw new Error('injected: the connection was lost after the token was written');
    });
    try {
      const answer = await t.http.post('/api/auth/forgot-password').send({ email: owner.user.email }).expect(200);
      expect(answer.body).toEqual({ message: RESET_REQUESTED });
      // The failed transaction has ended once its request is free to take again.
      await until('the failed try to roll back', async () => {
        const free = await db.query('SELECT id FROM password_reset_requests FOR UPDATE SKIP LOCKED');
        return failed === 1 && free.rows.length === 1;
      });
    } finally {
      enqueue.mockRestore();
    }
    expect(tokenWritten).toBe(true);
    expect(await tokensOf(owner.user.id)).toBe(0);
    expect(await resetMailsTo(owner.user.email)).toBe(0);

    // The sweep (every OUTBOX_JOB_INTERVAL_MS in every replica) carries the request out: both rows, once.
    await t.app.get(PasswordResetService).carryOutLeftBehind(0);
    expect(await tokensOf(owner.user.id)).toBe(1);
    expect(await resetMailsTo(owner.user.email)).toBe(1);
    expect(await waiting()).toBe(0);
    await t.app.get(PasswordResetService).carryOutLeftBehind(0);
    expect(await tokensOf(owner.user.id)).toBe(1);
  }, 60_000);

  it('answers a request it could not write down with 503 and Retry-After, not that a link is on its way', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const locker = new pg.Client({ connectionString: own.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      // The request's INSERT waits here, and its connection is killed while it waits.
      await locker.query('LOCK TABLE password_reset_requests IN ACCESS EXCLUSIVE MODE');
      const answering = t.http
        .post('/api/auth/forgot-password')
        .send({ email: owner.user.email })
        .then((res) => res);
      const pid = await until('the request to wait for its INSERT', async () => {
        const { rows } = await db.query(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO password_reset_requests%'`,
        );
        return (rows[0] as { pid: number } | undefined)?.pid;
      });
      await db.query('SELECT pg_terminate_backend($1)', [pid]);
      const answer = await answering;
      expect(answer.status).toBe(503);
      expect(answer.body.message).not.toBe(RESET_REQUESTED);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect(await waiting()).toBe(0);
    expect(await tokensOf(owner.user.id)).toBe(0);
    // Asked again, the request goes through.
    await t.http.post('/api/auth/forgot-password').send({ email: owner.user.email }).expect(200);
    await until('the token and its e-mail', async () => (await resetMailsTo(owner.user.email)) === 1);
    expect(await tokensOf(owner.user.id)).toBe(1);
  }, 60_000);
});
