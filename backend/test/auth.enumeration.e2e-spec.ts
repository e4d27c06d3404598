import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { EMAIL_TAKEN } from '../src/auth/auth.service.js';
import { RESET_REQUESTED } from '../src/auth/account-security.controller.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { createTestApp, registerAccount, uniqueEmail, type TestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Register and forgot-password do not tell a stranger whether an address has an account (README, Register and
 * forgotten passwords): the owner of the address is told by e-mail instead.
 */
describe('account discovery through register and forgot-password', () => {
  let t: TestApp;
  let outbox: string;
  beforeAll(async () => {
    t = await createTestApp();
    outbox = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
  });
  afterAll(() => t.close());

  const mailsTo = (email: string, subject: string) =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')))
          .filter((text) => text.includes(`To: ${email}`) && text.includes(subject))
      : [];
  async function waitForMails(email: string, subject: string, count = 1): Promise<string[]> {
    for (let i = 0; i < 100; i += 1) {
      const mails = mailsTo(email, subject);
      if (mails.length >= count) return mails;
      await sleep(50);
    }
    throw new Error(`no "${subject}" e-mail to ${email}`);
  }
  const forgot = (email: string) => t.http.post('/api/auth/forgot-password').send({ email });

  it('refuses to register a taken address without saying it exists, and tells its owner once by e-mail', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const again = { email: owner.user.email.toUpperCase(), password: 'another-secret', company_name: 'Copycat' };
    const refused = await t.http.post('/api/auth/register').send(again).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, error: EMAIL_TAKEN, message: EMAIL_TAKEN });
    expect(refused.body.error).not.toMatch(/exists/i);
    const [mail] = await waitForMails(owner.user.email, 'Someone tried to register');
    expect(mail).toContain('forgot-password');
    await t.http.post('/api/auth/register').send(again).expect(409);
    await sleep(200);
    expect(mailsTo(owner.user.email, 'Someone tried to register')).toHaveLength(1);
    // The owner's password is untouched.
    await t.http.post('/api/auth/login').send({ email: owner.user.email, password: owner.password }).expect(200);
  });

  it('answers forgot-password the same for an account and an unknown address', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const known = await forgot(owner.user.email).expect(200);
    const unknown = await forgot(uniqueEmail('nobody')).expect(200);
    expect(known.body).toEqual({ message: RESET_REQUESTED });
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('answers forgot-password before reading the address: the look-up, token and e-mail come after', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const runner = t.app.get(DataSource).createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    let locked = true;
    try {
      // Nothing can read an account or write a reset token until this transaction ends.
      await runner.query('LOCK TABLE users, password_reset_tokens IN ACCESS EXCLUSIVE MODE');
      const answers = await Promise.race([
        Promise.all([forgot(owner.user.email), forgot(uniqueEmail('nobody'))]),
        sleep(3000).then(() => undefined),
      ]);
      expect(answers?.map((res) => res.status)).toEqual([200, 200]);
      expect(answers?.[0].body).toEqual(answers?.[1].body);
      await runner.commitTransaction();
      locked = false;
    } finally {
      if (locked) await runner.rollbackTransaction();
      await runner.release();
    }
    const [mail] = await waitForMails(owner.user.email, 'reset-password?token=');
    expect(mail).toContain('reset-password?token=');
  });
});
