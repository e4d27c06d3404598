import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MAX_PASSWORD_BYTES } from '../src/auth/password-bytes.js';
import { RESET_LINK_INVALID } from '../src/auth/password-reset.service.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const PING = '/api/protected/ping';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The .eml body is quoted-printable: soft line breaks and =XX escapes. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const TOO_LONG = 'é'.repeat(37); // 37 characters, 74 bytes: under the 128-character limit, over bcrypt's 72 bytes

/** A token ends when its user says so, and a deleted or changed account's token stops working. */
describe('sessions a user controls', () => {
  let t: TestApp;
  let outbox: string;
  beforeAll(async () => {
    // A one-second cache stands for the other replicas: they see a revocation when their cached answer runs out.
    t = await createTestApp({ AUTH_SESSION_CACHE_SECONDS: '1', PUBLIC_URL: 'https://ifta.example.com/' });
    outbox = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
  });
  afterAll(() => t.close());

  const login = async (a: TestAccount, password = a.password) =>
    (await t.http.post('/api/auth/login').send({ email: a.user.email, password }).expect(200)).body.token as string;

  const mailsTo = (email: string) =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')))
          .filter((text) => text.includes(`To: ${email}`))
      : [];

  async function resetLinkFor(email: string): Promise<string> {
    for (let i = 0; i < 50; i += 1) {
      const mail = mailsTo(email).find((text) => text.includes('reset-password?token='));
      if (mail) return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
      await sleep(50);
    }
    throw new Error(`no reset e-mail to ${email}`);
  }

  it('logout ends this token on the server and leaves the other sessions signed in', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const second = await login(a);
    await t.http.get(PING).set(a.auth).expect(200);
    await t.http.post('/api/auth/logout').set(a.auth).expect(200, { message: 'Signed out' });
    const res = await t.http.get(PING).set(a.auth).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Authentication required' });
    await t.http.get(PING).set(bearer(second)).expect(200);
    await t.http.post('/api/auth/logout').set(a.auth).expect(401);
  });

  it('password change needs the current password and ends every other session, keeping this one', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const other = await login(a);
    const wrong = await t.http
      .post('/api/auth/change-password')
      .set(a.auth)
      .send({ current_password: 'not-it', new_password: 'new-secret-1' })
      .expect(400);
    expect(wrong.body).toMatchObject({
      error: 'current_password is not your current password',
      fields: { current_password: 'current_password is not your current password' },
    });
    await t.http.get(PING).set(bearer(other)).expect(200);
    await t.http
      .post('/api/auth/change-password')
      .set(a.auth)
      .send({ current_password: a.password, new_password: 'new-secret-1' })
      .expect(200);
    await t.http.get(PING).set(bearer(other)).expect(401);
    await t.http.get(PING).set(a.auth).expect(200);
    await t.http.post('/api/auth/login').send({ email: a.user.email, password: a.password }).expect(401);
    await login(a, 'new-secret-1');
  });

  it('forgot password mails a single-use link; the reset sets the password and ends every session', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const answer = await t.http
      .post('/api/auth/forgot-password')
      .send({ email: a.user.email.toUpperCase() })
      .expect(200);
    const unknown = await t.http
      .post('/api/auth/forgot-password')
      .send({ email: 'nobody-here@example.com' })
      .expect(200);
    expect(unknown.body).toEqual(answer.body);
    const token = await resetLinkFor(a.user.email);
    expect(
      mailsTo(a.user.email)
        .join('\n')
        .replace(/=\r?\n/g, ''),
    ).toContain('https://ifta.example.com/reset-password?token=');
    expect(mailsTo('nobody-here@example.com')).toEqual([]);
    await t.http.post('/api/auth/reset-password').send({ token, password: 'reset-secret-1' }).expect(200);
    await t.http.get(PING).set(a.auth).expect(401);
    await login(a, 'reset-secret-1');
    const again = await t.http.post('/api/auth/reset-password').send({ token, password: 'reset-secret-2' }).expect(400);
    expect(again.body).toMatchObject({
      statusCode: 400,
      error: RESET_LINK_INVALID,
      fields: { token: RESET_LINK_INVALID },
    });
  });

  it('refuses an expired reset link', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    await t.http.post('/api/auth/forgot-password').send({ email: a.user.email }).expect(200);
    const token = await resetLinkFor(a.user.email);
    await t.app
      .get(DataSource)
      .query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
        a.user.id,
      ]);
    await t.http.post('/api/auth/reset-password').send({ token, password: 'reset-secret-1' }).expect(400);
    await login(a);
  });

  it("answers 401 to a deleted account's token", async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    await t.app.get(DataSource).query('DELETE FROM users WHERE id = $1', [a.user.id]);
    await t.http.get(PING).set(a.auth).expect(401);
    await t.http.get('/api/protected/reports').set(a.auth).expect(401);
  });

  it('a revocation made elsewhere (another replica) reaches this one within its cache time', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    await t.http.get(PING).set(a.auth).expect(200); // now cached as live here
    await t.app.get(DataSource).query('UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1', [a.user.id]);
    await sleep(1100);
    await t.http.get(PING).set(a.auth).expect(401);
  });

  it(`refuses passwords over ${MAX_PASSWORD_BYTES} bytes on register, change and reset, naming the field`, async () => {
    const register = await t.http
      .post('/api/auth/register')
      .send({ email: `long-${Date.now()}@example.com`, password: TOO_LONG, company_name: 'Acme' })
      .expect(400);
    expect(register.body.fields).toEqual({ password: expect.stringContaining(`at most ${MAX_PASSWORD_BYTES} bytes`) });
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const change = await t.http
      .post('/api/auth/change-password')
      .set(a.auth)
      .send({ current_password: a.password, new_password: TOO_LONG })
      .expect(400);
    expect(change.body.fields).toEqual({
      new_password: expect.stringContaining(`at most ${MAX_PASSWORD_BYTES} bytes`),
    });
    const reset = await t.http
      .post('/api/auth/reset-password')
      .send({ token: 'x'.repeat(43), password: TOO_LONG })
      .expect(400);
    expect(reset.body.fields).toEqual({ password: expect.stringContaining(`at most ${MAX_PASSWORD_BYTES} bytes`) });
    // 72 bytes exactly is still fine.
    await t.http
      .post('/api/auth/register')
      .send({ email: `edge-${Date.now()}@example.com`, password: 'é'.repeat(36), company_name: 'Acme' })
      .expect(201);
  });
});
