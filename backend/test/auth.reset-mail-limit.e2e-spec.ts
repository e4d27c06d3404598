import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { outboxMails } from './helpers/outbox-mails.js';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 30 reset requests from 30 client addresses sent 30 e-mails to one person. One reset e-mail per account per
 * RESET_MAIL_INTERVAL_MINUTES, whichever address asks; every request still gets the same answer.
 */
describe('reset e-mails to one recipient', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
  });
  afterAll(() => {
    delete process.env.TRUST_PROXY;
    return t.close();
  });

  const resetMails = (email: string) => outboxMails(dataDir, email).filter((mail) => mail.includes('/reset-password?'));

  it('sends one e-mail for 30 requests from 30 addresses, and another once the interval has passed', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.http
          .post('/api/auth/forgot-password')
          .set('X-Forwarded-For', `203.0.113.${i + 1}`)
          .send({ email: owner.user.email }),
      ),
    );
    expect(new Set(answers.map((res) => `${res.status} ${res.body.message}`)).size).toBe(1);
    expect(answers[0].status).toBe(200);
    // The requests are handled after their answers: wait for them, then for the sender.
    const db = t.app.get(DataSource);
    let tokens = 0;
    for (let i = 0; i < 50; i += 1) {
      await sleep(40);
      tokens = (
        (await db.query('SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1', [
          owner.user.id,
        ])) as Array<{ n: number }>
      )[0].n;
    }
    expect(tokens).toBe(1);
    await t.app.get(Outbox).deliverNow();
    expect(resetMails(owner.user.email)).toHaveLength(1);

    await db.query(`UPDATE password_reset_tokens SET created_at = now() - interval '6 minutes' WHERE user_id = $1`, [
      owner.user.id,
    ]);
    await t.http.post('/api/auth/forgot-password').send({ email: owner.user.email }).expect(200);
    for (let i = 0; i < 100 && resetMails(owner.user.email).length < 2; i += 1) {
      await sleep(30);
      await t.app.get(Outbox).deliverNow();
    }
    expect(resetMails(owner.user.email)).toHaveLength(2);
  });
});
