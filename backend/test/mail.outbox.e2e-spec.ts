import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { ReminderJob } from '../src/calendar/reminder.job.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { daysBefore, daysBetween, nextDueReturn, todayIn } from '../src/ifta/index.js';
import { messageIdOf } from '../src/mail/mail-transport.js';
import { Outbox } from '../src/mail/outbox.js';
import { OutboxSender } from '../src/mail/outbox-sender.job.js';
import { SubscriptionRenewalsService } from '../src/subscriptions/subscription-renewals.service.js';
import { startFakeSmtp } from './helpers/fake-smtp.js';
import { captureLogs } from './helpers/log-capture.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { until } from './helpers/until.js';
import { createTestApp, registerAccount, type TestAccount } from './helpers/test-app.js';

const ZONE = 'America/New_York'; // the settings' default time zone
const DAY_MS = 24 * 60 * 60_000;
/**
 * How often every connection of the app is killed during the exactly-once run: often enough that runs die midway
 * (the test checks some did), seldom enough that a run can finish on a busy machine, where one takes longer than
 * the 60 ms this once was and no run ever completed.
 */
const KILL_EVERY_MS = 300;
/** The suite's polls: every 50 ms, for up to a minute unless told. */
const untilEvery50 = <T>(what: string, probe: () => Promise<T | undefined | false>, ms = 60_000) =>
  until(what, probe, ms, 50);
const keyOf = (eml: string) => /^X-Idempotency-Key: (.+)$/m.exec(eml)?.[1]?.trim() ?? null;

/**
 * Every e-mail goes through the outbox (docs/operations.md): written in the transaction of the fact it reports,
 * delivered by one sender that records the provider's answer, retried with backoff, given up after
 * MAIL_GIVE_UP_HOURS; each message carries its idempotency key, so a second delivery is recognisable.
 */
describe('the e-mail outbox', () => {
  // A database of its own: the sender delivers every due message of its database, and other suites' undelivered
  // e-mails would reach this suite's fake mail servers and take the answers meant for its own messages.
  let own: OwnDatabase;
  let db: pg.Client;
  beforeAll(async () => {
    own = await ownDatabase('outbox');
    db = new pg.Client({ connectionString: own.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await own.drop();
  });

  const rowsOf = async (keys: string[]) =>
    (
      await db.query(
        `SELECT idempotency_key, status, attempts, last_error, provider_answer, sent_at
         FROM outbox_messages WHERE idempotency_key = ANY($1::text[]) ORDER BY idempotency_key`,
        [keys],
      )
    ).rows as Array<{ idempotency_key: string; status: string; attempts: number; provider_answer: string | null }>;

  it('delivers every due reminder exactly once while database connections are killed during the runs', async () => {
    const t = await createTestApp({ DATABASE_URL: own.url, MAIL_SEND_TIMEOUT_MS: '500', MAIL_RETRY_BASE_MS: '50' });
    const outbox = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
    const killer = new pg.Client({ connectionString: own.url });
    await killer.connect();
    const [{ pid: watcher }] = (await db.query('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
    try {
      const accounts: TestAccount[] = [];
      for (let i = 0; i < 20; i += 1) accounts.push(await registerAccount(t.http, {}, { subscribed: false }));
      // Each new account's e-mail to prove its address goes out first, so the run below delivers only reminders.
      await t.app.get(Outbox).deliverNow();
      const next = nextDueReturn(daysBefore(todayIn(ZONE, new Date()), -15));
      (t.app.get(Clock) as MovableClock).advance(
        daysBetween(todayIn(ZONE, new Date()), daysBefore(next.dueDate, 14)) * DAY_MS,
      );
      const keys = accounts.map((a) => `reminder:${a.user.id}:${next.period}:14`);

      let kills = 0;
      const killing = setInterval(() => {
        killer
          .query(
            `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1`,
            [watcher],
          )
          .then((res) => (kills += (res.rows[0] as { n: number }).n))
          .catch(() => undefined);
      }, KILL_EVERY_MS);
      const runs = { reminder: 0, sender: 0, failed: 0 };
      try {
        await untilEvery50(
          'every reminder to be sent',
          async () => {
            for (const run of [() => t.app.get(ReminderJob).run(), () => t.app.get(OutboxSender).run()]) {
              try {
                await run();
              } catch {
                runs.failed += 1; // a run whose connection was killed: the next one picks up where it stopped
              }
            }
            runs.reminder += 1;
            const rows = await rowsOf(keys).catch(() => []);
            const allSent = rows.length === keys.length && rows.every((row) => row.status === 'sent');
            // On a fast machine every reminder can go out before the first kill; the runs go on (finding nothing
            // left to send, and so sending nothing twice) until a kill has cut one short, the case this test is for.
            return allSent && runs.failed > 0;
          },
          90_000,
        );
      } finally {
        clearInterval(killing);
      }
      expect(kills).toBeGreaterThan(0);
      expect(runs.failed).toBeGreaterThan(0);

      const delivered = readdirSync(outbox)
        .map((file) => keyOf(readFileSync(join(outbox, file), 'utf8')))
        .filter((key): key is string => key !== null && keys.includes(key));
      const perKey = new Map<string, number>();
      for (const key of delivered) perKey.set(key, (perKey.get(key) ?? 0) + 1);
      expect(perKey.size).toBe(keys.length);
      expect([...perKey.values()].every((n) => n === 1)).toBe(true);
      for (const row of await rowsOf(keys)) expect(row.provider_answer).toMatch(/^written .+\.eml$/);
    } finally {
      await killer.end();
      await t.close();
    }
  }, 180_000);

  it('sends a message again after its answer was lost, with the same idempotency key and Message-ID', async () => {
    const smtp = await startFakeSmtp((n) => (n === 1 ? 'lose-the-answer' : 'accept'));
    const t = await createTestApp({
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: '50',
      MAIL_SEND_TIMEOUT_MS: '2000',
    });
    try {
      const key = `notice:lost-answer:${Date.now()}`;
      await t.app
        .get(Outbox)
        .enqueueAlone({ key, to: 'dispatch@acme-freight.example', subject: 'A notice', text: 'Hello' });
      await untilEvery50('the retry to be accepted', async () => {
        await t.app.get(OutboxSender).run();
        return smtp.accepted.length === 1;
      });
      expect(smtp.received).toHaveLength(2);
      for (const message of smtp.received) {
        expect(message).toContain(`X-Idempotency-Key: ${key}`);
        expect(message).toContain(`Message-ID: ${messageIdOf(key)}`);
      }
      const [row] = await rowsOf([key]);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(row.provider_answer).toContain('250 2.0.0 queued as fake-2');
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it('retries an invoice e-mail the mail server refused, with backoff, until it is accepted', async () => {
    // The account is made on an app that writes its mail to files, so its e-mail to prove its address is out of the
    // way and the mail server below sees only the invoice.
    const setup = await createTestApp({ DATABASE_URL: own.url, SMTP_URL: '' });
    const account = await registerAccount(setup.http, {}, { plan_id: 'professional' });
    await setup.app.get(Outbox).deliverNow();
    await setup.close();
    const smtp = await startFakeSmtp((n) => (n <= 2 ? 'refuse' : 'accept'));
    const t = await createTestApp({
      DATABASE_URL: own.url,
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: '100',
      OUTBOX_JOB_INTERVAL_MS: '50',
    });
    try {
      (t.app.get(Clock) as MovableClock).advance(14 * DAY_MS); // the trial ends: the first month is charged
      await t.app.get(SubscriptionRenewalsService).processDue(account.user.id);
      const invoices = (await t.http.get('/api/protected/invoices').set(account.auth).expect(200)).body.invoices;
      expect(invoices).toHaveLength(1);
      const key = `invoice-paid:${invoices[0].id}`;
      await untilEvery50('the invoice e-mail to be accepted', async () => smtp.accepted.length === 1);
      expect(smtp.received).toHaveLength(3);
      expect(smtp.accepted[0]).toContain(`Subject: Invoice ${invoices[0].invoice_number} from IFTA Fuel Tax`);
      expect(smtp.accepted[0]).toContain(`X-Idempotency-Key: ${key}`);
      const [row] = await untilEvery50('the answer to be recorded', async () => {
        const rows = await rowsOf([key]);
        return rows[0]?.status === 'sent' && rows;
      });
      expect(row).toMatchObject({ status: 'sent', attempts: 3 });
      expect(invoices[0].email_sent).toBe(true);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it('gives a message up after MAIL_GIVE_UP_HOURS, marks it failed and logs an error', async () => {
    const smtp = await startFakeSmtp(() => 'refuse');
    const logs = captureLogs();
    const t = await createTestApp(
      {
        DATABASE_URL: own.url,
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_MS: '50',
        MAIL_GIVE_UP_HOURS: '0.0002',
        LOG_LEVEL: 'warn',
      },
      { logDestination: logs.stream },
    );
    try {
      const key = `notice:given-up:${Date.now()}`;
      await t.app.get(Outbox).enqueueAlone({ key, to: 'nobody@acme-freight.example', subject: 'Doomed', text: 'x' });
      const [row] = await untilEvery50('the message to be given up', async () => {
        await t.app.get(OutboxSender).run();
        const rows = await rowsOf([key]);
        return rows[0]?.status === 'failed' && rows;
      });
      expect(row.attempts).toBeGreaterThan(1);
      const errors = logs.lines().filter((line) => line.level === 50 && String(line.msg).includes('given up'));
      expect(errors).toHaveLength(1);
      expect(String(errors[0].msg)).toContain('"Doomed" given up after');
      expect(logs.text()).not.toContain('nobody@acme-freight.example');
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);
});
