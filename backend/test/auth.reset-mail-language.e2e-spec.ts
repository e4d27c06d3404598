import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxMails } from './helpers/outbox-mails.js';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A single-part .eml as text: its headers, then its body decoded from base64 or quoted-printable as UTF-8 (a Russian
 * body comes base64-encoded).
 */
function readMail(raw: string): string {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return `${headers}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
}

describe("the password-reset e-mail and the account notices are written in the account's language", () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
  });
  afterAll(() => t.close());

  async function resetMail(email: string): Promise<string> {
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
    for (let i = 0; i < 100; i += 1) {
      const folder = join(dataDir, 'outbox');
      const [mail] = (existsSync(folder) ? readdirSync(folder) : [])
        .map((file) => readMail(readFileSync(join(folder, file), 'utf8')))
        .filter((text) => text.includes(`To: ${email}`) && text.includes('/reset-password?token='));
      if (mail) return mail;
      await sleep(50);
    }
    throw new Error(`no reset e-mail to ${email}`);
  }

  it('in English by default', async () => {
    const account = await registerAccount(t.http, {}, { subscribed: false });
    const mail = await resetMail(account.user.email);
    expect(mail).toContain('Subject: Reset your IFTA Fuel Tax password');
    expect(mail).toContain(`Someone asked to reset the password of the IFTA Fuel Tax account ${account.user.email}.`);
  });

  it('in Russian for an account whose language is Russian', async () => {
    const account = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(account.auth).send({ language: 'ru' }).expect(200);
    const mail = await resetMail(account.user.email);
    expect(mail).toContain(`Кто-то попросил сбросить пароль учётной записи IFTA Fuel Tax ${account.user.email}.`);
    expect(mail).not.toContain('Someone asked');
  });

  it('tells a Russian owner in Russian that someone tried to register with the address', async () => {
    const owner = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(owner.auth).send({ language: 'ru' }).expect(200);
    const again = { email: owner.user.email, password: 'another-secret', company_name: 'Copycat' };
    await t.http.post('/api/auth/register').send(again).expect(409);
    let mails: string[] = [];
    for (let i = 0; i < 100 && mails.length === 0; i += 1) {
      mails = outboxMails(dataDir, owner.user.email).filter((mail) => mail.includes('/login'));
      if (mails.length === 0) await sleep(50);
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Кто-то пытался зарегистрироваться с вашим адресом e-mail');
    expect(mails[0]).toContain(`Кто-то пытался создать новый аккаунт IFTA Fuel Tax с адресом ${owner.user.email}`);
    expect(mails[0]).not.toContain('Someone tried');
  });
});
