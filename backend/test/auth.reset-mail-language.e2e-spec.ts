import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

describe("the password-reset e-mail is written in the account's language", () => {
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
});
