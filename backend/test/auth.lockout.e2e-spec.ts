import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_LOCKED, SIGN_IN_SLOWED } from '../src/auth/login-throttle.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LOGIN = '/api/auth/login';
const LIMIT = 10;
const CEILING = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The .eml body is quoted-printable: soft line breaks and =XX escapes. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Failed sign-ins lock out the address they come from, never the owner (README, Sign-in limits): strangers' guesses
 * count per (e-mail, address); past a per-e-mail ceiling new addresses are spaced out, not locked, and the owner is
 * told; a reset lifts everything; attempts are counted before the password is checked.
 */
describe('sign-in lockout', () => {
  let t: TestApp;
  let outbox: string;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '1',
      LOGIN_FAILURE_LIMIT: String(LIMIT),
      LOGIN_EMAIL_FAILURE_CEILING: String(CEILING),
    });
    outbox = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** A client address no other test uses. */
  const address = () => {
    addresses += 1;
    return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const signIn = (a: TestAccount, from: string, password = a.password) =>
    t.http.post(LOGIN).set('X-Forwarded-For', from).send({ email: a.user.email, password });
  const mailsTo = (email: string, subject: string) =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')))
          .filter((text) => text.includes(`To: ${email}`) && text.includes(subject))
      : [];
  async function waitForMail(email: string, subject: string): Promise<string> {
    for (let i = 0; i < 100; i += 1) {
      const [mail] = mailsTo(email, subject);
      if (mail) return mail;
      await sleep(50);
    }
    throw new Error(`no "${subject}" e-mail to ${email}`);
  }

  it('ten failures from strangers, one address each or all from one, do not keep the owner out', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const home = address();
    for (let i = 0; i < LIMIT; i += 1) await signIn(owner, address(), `guess-${i}`).expect(401);
    const stranger = address();
    for (let i = 0; i < LIMIT; i += 1) await signIn(owner, stranger, `guess-${i}`).expect(401);
    const locked = await signIn(owner, stranger).expect(429);
    expect(locked.body).toMatchObject({ statusCode: 429, error: ACCOUNT_LOCKED });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await signIn(owner, home).expect(200);
  });

  it('ten failures from the owner’s own address lock it until a password reset, then the owner signs in', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const home = address();
    for (let i = 0; i < LIMIT; i += 1) await signIn(owner, home, `typo-${i}`).expect(401);
    await signIn(owner, home).expect(429);
    await t.http
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', home)
      .send({ email: owner.user.email })
      .expect(200);
    const mail = await waitForMail(owner.user.email, 'reset-password?token=');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    await t.http
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', home)
      .send({ token, password: 'after-reset-1' })
      .expect(200);
    await signIn(owner, home, 'after-reset-1').expect(200);
  });

  it('a successful sign-in starts its address’s count over', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const home = address();
    for (let i = 0; i < LIMIT - 1; i += 1) await signIn(owner, home, `typo-${i}`).expect(401);
    await signIn(owner, home).expect(200);
    for (let i = 0; i < LIMIT - 1; i += 1) await signIn(owner, home, `typo-${i}`).expect(401);
    await signIn(owner, home).expect(200);
  });

  it(`checks at most ${LIMIT} of 100 wrong passwords sent at once from one client; the rest answer 429`, async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const from = address();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(owner, from, `burst-${i}`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
  });

  it('past the per-e-mail ceiling new addresses are spaced out, the owner’s own browser is not, and the owner is told once', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const home = address();
    await signIn(owner, home).expect(200); // a browser the owner signed in from before
    for (let i = 0; i < CEILING; i += 1) await signIn(owner, address(), `spray-${i}`).expect(401);
    const mail = await waitForMail(owner.user.email, 'Many failed sign-ins');
    expect(mail).toContain(`${CEILING} failed attempts`);
    await signIn(owner, address(), 'spray-first-turn').expect(401); // one check per interval still goes through
    const spaced = await signIn(owner, address(), 'spray-too-soon').expect(429);
    expect(spaced.body).toMatchObject({ error: SIGN_IN_SLOWED });
    const wait = Number(spaced.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    await signIn(owner, home).expect(200);
    // The owner's sign-in started the ceiling over: a stranger is checked again at once, and no second e-mail goes.
    await signIn(owner, address(), 'after-owner').expect(401);
    await sleep(200);
    expect(mailsTo(owner.user.email, 'Many failed sign-ins')).toHaveLength(1);
  });
});
