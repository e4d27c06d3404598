import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { JobLease } from '../src/database/job-lock.js';
import { Outbox } from '../src/mail/outbox.js';
import { OUTBOX_JOB_LOCK, OutboxSender } from '../src/mail/outbox-sender.job.js';
import { OutboxRepository } from '../src/mail/outbox.repository.js';
import { startFakeSmtp } from './helpers/fake-smtp.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { until } from './helpers/until.js';
import { createTestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The bound on a delivery the tests below configure, and what they allow for it. MAIL_SEND_TIMEOUT_MS is the
 * behaviour under test, so it is timed; the bound allowed is 20 times the deadline, so a busy machine does not break
 * it, and still a fraction of what nodemailer does without it (30 s for a greeting, 10 min of socket silence).
 */
const DEADLINE_MS = 500;
const DEADLINE_SLACK_MS = 10_000;
/** A lease that always holds, for calling the repository as the sender does without running a sender. */
const heldLease: JobLease = { check: async () => undefined, fence: async () => undefined };

/**
 * Every e-mail once, even when the mail server is slow or silent (docs/operations.md, "Mail transport down"): each
 * delivery ends within MAIL_SEND_TIMEOUT_MS, its claim on the message outlives it, outcomes are recorded only under
 * their own claim, and a sent message stays sent.
 */
describe('mail deliveries within their deadline', () => {
  // A database of its own: the sender delivers every due message of its database to this suite's fake servers.
  let own: OwnDatabase;
  let db: pg.Client;
  beforeAll(async () => {
    own = await ownDatabase('mail_deadlines');
    db = new pg.Client({ connectionString: own.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await own.drop();
  });

  const rowOf = async (key: string) =>
    (
      await db.query(
        `SELECT id, status, attempts, last_error, provider_answer, claim_token FROM outbox_messages
         WHERE idempotency_key = $1`,
        [key],
      )
    ).rows[0] as {
      id: string;
      status: string;
      attempts: number;
      last_error: string | null;
      provider_answer: string | null;
      claim_token: string | null;
    };
  const enqueue = (t: { app: { get: (token: typeof Outbox) => Outbox } }, key: string, subject = 'A notice') =>
    t.app.get(Outbox).enqueueAlone({ key, to: 'dispatch@acme-freight.example', subject, text: 'Hello' });

  it('fails a delivery to a server that never answers within MAIL_SEND_TIMEOUT_MS, then delivers the next', async () => {
    // The first connection is taken and never answered (not even a greeting); the next ones work.
    const smtp = await startFakeSmtp(() => 'accept', { silent: (n) => n === 1 });
    const t = await createTestApp({
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_SEND_TIMEOUT_MS: String(DEADLINE_MS),
      MAIL_RETRY_BASE_MS: '600000', // the failed one is not tried again during this run
      OUTBOX_JOB_INTERVAL_MS: '0',
    });
    try {
      const stamp = Date.now();
      const hung = `notice:hung:${stamp}`;
      const next = `notice:next:${stamp}`;
      await enqueue(t, hung);
      await enqueue(t, next);
      const started = Date.now();
      const run = await t.app.get(OutboxSender).run();
      expect(Date.now() - started).toBeLessThan(DEADLINE_SLACK_MS);
      expect(run).toEqual({ ran: true, sent: 1, failed: 1 });
      const failed = await rowOf(hung);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, claim_token: null });
      expect(failed.last_error).toContain(`within ${DEADLINE_MS} ms`);
      expect(await rowOf(next)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(smtp.accepted).toHaveLength(1);
      expect(smtp.accepted[0]).toContain(`X-Idempotency-Key: ${next}`);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it('cuts a delivery to a server that answers every line, too slowly, so the server never takes it', async () => {
    // Each reply 300 ms late: the whole conversation takes about 2 s, four times the deadline, and no silence is
    // long enough for nodemailer's socket timeout. Only the deadline on the whole delivery stops it.
    const smtp = await startFakeSmtp(() => 'accept', { replyDelayMs: 300 });
    const t = await createTestApp({
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_SEND_TIMEOUT_MS: String(DEADLINE_MS),
      MAIL_RETRY_BASE_MS: '600000',
      OUTBOX_JOB_INTERVAL_MS: '0',
    });
    try {
      const key = `notice:slow:${Date.now()}`;
      await enqueue(t, key);
      expect(await t.app.get(OutboxSender).run()).toEqual({ ran: true, sent: 0, failed: 1 });
      // Long enough for the rest of the conversation, had the connection been left open.
      await sleep(3000);
      expect(smtp.received).toEqual([]);
      expect(await rowOf(key)).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it('keeps a message claimed while its delivery runs, so a replica that took over the lock does not send it too', async () => {
    // Each reply 200 ms late: a delivery takes over a second, well within its 5 s deadline.
    const smtp = await startFakeSmtp(() => 'accept', { replyDelayMs: 200 });
    const env = {
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_SEND_TIMEOUT_MS: '5000',
      OUTBOX_JOB_INTERVAL_MS: '0',
    };
    const first = await createTestApp(env);
    const second = await createTestApp(env);
    try {
      const key = `notice:taken-over:${Date.now()}`;
      await enqueue(first, key);
      const firstRun = first.app
        .get(OutboxSender)
        .run()
        .catch((error: unknown) => error);
      await until('the first replica to be sending', async () => smtp.connections() > 0);
      // The first replica's lock dies with its connection, mid-delivery.
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
         WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND granted`,
        [OUTBOX_JOB_LOCK],
      );
      // pg_terminate_backend answers before the backend has exited and let go of the lock: on a busy machine the
      // second replica's first try can still find it held, so it tries until it takes the lock.
      const takenOver = await until('the second replica to take the lock', async () => {
        const run = await second.app.get(OutboxSender).run();
        return run.ran ? run : undefined;
      });
      expect(takenOver).toEqual({ ran: true, sent: 0, failed: 0 });
      await firstRun;
      await until('the delivery to be recorded', async () => (await rowOf(key)).status === 'sent');
      expect(await second.app.get(OutboxSender).run()).toEqual({ ran: true, sent: 0, failed: 0 });
      expect(smtp.accepted).toHaveLength(1);
      expect(await rowOf(key)).toMatchObject({ status: 'sent', attempts: 1, claim_token: null });
    } finally {
      await first.close();
      await second.close();
      await smtp.close();
    }
  }, 60_000);

  it('cuts a delivery whose claim another try took, before the server has the message', async () => {
    // Each reply 1.5 s late: the message itself would go at 7.5 s (after the fifth reply), within the 10 s deadline.
    // The claim is renewed every half deadline (5 s): that renewal finds the claim gone and cuts the delivery.
    const smtp = await startFakeSmtp(() => 'accept', { replyDelayMs: 1500 });
    const t = await createTestApp({
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_SEND_TIMEOUT_MS: '10000',
      MAIL_RETRY_BASE_MS: '600000',
      OUTBOX_JOB_INTERVAL_MS: '0',
    });
    try {
      const key = `notice:claim-lost:${Date.now()}`;
      await enqueue(t, key);
      const running = t.app.get(OutboxSender).run();
      await until('the delivery to be under way', async () => smtp.connections() > 0);
      // What a stalled sender's claim looks like once it ran out and another try took the message.
      const {
        rows: [{ claim_token: other }],
      } = (await db.query(
        `UPDATE outbox_messages SET claim_token = gen_random_uuid() WHERE idempotency_key = $1 RETURNING claim_token`,
        [key],
      )) as { rows: Array<{ claim_token: string }> };
      expect(await running).toEqual({ ran: true, sent: 0, failed: 1 });
      // The connection is gone before the message was sent on it: the server can never take it from this try.
      await until('the connection to close', async () => smtp.open() === 0);
      expect(smtp.received).toEqual([]);
      // The cut try recorded nothing: the message is the other try's.
      expect(await rowOf(key)).toMatchObject({ status: 'pending', attempts: 1, last_error: null, claim_token: other });
      // Out of the way of the later tests' senders, which would take it once the claim runs out.
      await db.query(`UPDATE outbox_messages SET status = 'failed' WHERE idempotency_key = $1`, [key]);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it('records an outcome only under its own claim, and never sets a sent message back', async () => {
    const t = await createTestApp({ DATABASE_URL: own.url, SMTP_URL: '', OUTBOX_JOB_INTERVAL_MS: '0' });
    const outbox = t.app.get(OutboxRepository);
    try {
      const key = `notice:claims:${Date.now()}`;
      await enqueue(t, key);
      const { id } = await rowOf(key);
      const lost = await outbox.claim(heldLease, id, 60_000);
      expect(lost).toBeTruthy();
      // A live claim keeps the message from every other sender.
      expect(await outbox.claim(heldLease, id, 60_000)).toBeNull();
      expect(await outbox.renewClaim(id, lost!, 60_000)).toBe(true);
      // The claim runs out (its sender stalled past it): another try takes the message and sends it.
      await db.query(`UPDATE outbox_messages SET claimed_until = now() - interval '1 second' WHERE id = $1`, [id]);
      const taken = await outbox.claim(heldLease, id, 60_000);
      expect(taken).toBeTruthy();
      expect(taken).not.toBe(lost);
      expect(await outbox.renewClaim(id, lost!, 60_000)).toBe(false);
      await outbox.markSent(id, '250 queued as first');
      // The stalled try's late failure, retried or given up, changes nothing.
      expect(await outbox.markFailed(id, lost!, 'Timeout', new Date())).toBe(false);
      expect(await outbox.markFailed(id, lost!, 'Timeout', null)).toBe(false);
      expect(await outbox.markFailed(id, taken!, 'Timeout', null)).toBe(false);
      await outbox.markSent(id, '250 queued as second');
      expect(await rowOf(key)).toMatchObject({
        status: 'sent',
        attempts: 2,
        last_error: null,
        provider_answer: '250 queued as first',
      });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('shuts down during a delivery to a silent server within the delivery deadline', async () => {
    const smtp = await startFakeSmtp(() => 'accept', { silent: () => true });
    const t = await createTestApp({
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_SEND_TIMEOUT_MS: String(DEADLINE_MS),
      MAIL_RETRY_BASE_MS: '600000',
      OUTBOX_JOB_INTERVAL_MS: '0',
    });
    const key = `notice:shutdown:${Date.now()}`;
    let closed = false;
    try {
      await enqueue(t, key, 'Hung at shutdown');
      await enqueue(t, `${key}:second`, 'Never started');
      t.app.get(OutboxSender).deliverSoon();
      await until('the delivery to be under way', async () => smtp.connections() > 0);
      const started = Date.now();
      await t.close();
      closed = true;
      expect(Date.now() - started).toBeLessThan(DEADLINE_SLACK_MS);
      // The hung try was cut and recorded; the sender took no next message once asked to stop.
      const hung = await rowOf(key);
      expect(hung).toMatchObject({ status: 'pending', attempts: 1, claim_token: null });
      expect(hung.last_error).toContain(`within ${DEADLINE_MS} ms`);
      expect(await rowOf(`${key}:second`)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(smtp.connections()).toBe(1);
    } finally {
      if (!closed) await t.close();
      await smtp.close();
    }
  }, 60_000);
});
