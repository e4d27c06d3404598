import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_LOCKED, SIGN_IN_SLOWED } from '../src/auth/login-throttle.js';
import { DEVICE_COOKIE } from '../src/auth/device-cookies.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { linkTokenMailedTo } from './helpers/outbox-mails.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LOGIN = '/api/auth/login';
const LIMIT = 5;
const CEILING = 5;

/**
 * An attack on an address must not lock its owner out: once strangers from many client addresses have used up the
 * checks unknown clients share, the owner's browser that signed in before (its signed device cookie) still signs in,
 * from any address; an unknown client, a forged cookie or another address's cookie get the shared, spaced-out checks;
 * a password-reset link works whatever the lockout.
 */
describe('sign-in lockout and known devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '1',
      LOGIN_FAILURE_LIMIT: String(LIMIT),
      LOGIN_EMAIL_FAILURE_CEILING: String(CEILING),
    });
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** A client address no other test uses. */
  const address = () => {
    addresses += 1;
    return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const signIn = (a: TestAccount, from: string, password = a.password, cookie?: string) => {
    const req = t.http.post(LOGIN).set('X-Forwarded-For', from);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ email: a.user.email, password });
  };
  /** The device cookie a successful sign-in set, as the browser sends it back (`name=value`). */
  const deviceCookieOf = (res: { headers: Record<string, unknown> }) => {
    const set = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
    const cookie = set.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    if (!cookie) throw new Error('no device cookie set');
    return { header: cookie, value: cookie.split(';')[0]! };
  };
  /** Strangers, one new address each, with wrong passwords until the address is past its ceiling. */
  const attack = async (owner: TestAccount) => {
    for (let i = 0; i < CEILING; i += 1) await signIn(owner, address(), `spray-${i}`).expect(401);
  };
  /** The attacker takes the one check of this interval that unknown clients share. */
  const takeTheTurn = async (owner: TestAccount) => {
    const res = await signIn(owner, address(), 'spray-turn');
    expect([401, 429]).toContain(res.status);
  };

  it('gives a browser that signed in an httpOnly, strict, signed device cookie for the sign-in routes', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const res = await signIn(owner, address()).expect(200);
    const { header, value } = deviceCookieOf(res);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/api\/auth/);
    expect(value).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}\\.[0-9a-z]+~[A-Za-z0-9_-]{22}$`));
    // A wrong password sets none.
    const refused = await signIn(owner, address(), 'wrong-password').expect(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it("lets the owner's known browser sign in from a new address while strangers use up the shared checks", async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const device = deviceCookieOf(await signIn(owner, address()).expect(200)).value;
    await attack(owner);

    // An unknown client with the right password waits behind the attacker.
    await takeTheTurn(owner);
    const unknown = await signIn(owner, address()).expect(429);
    expect(unknown.body).toMatchObject({ error: SIGN_IN_SLOWED });

    // The measured attack: the attacker keeps taking each interval's check; the owner's browser, from new addresses,
    // is answered every time.
    for (let i = 0; i < 5; i += 1) {
      await takeTheTurn(owner);
      await signIn(owner, address(), owner.password, device).expect(200);
    }
    // Its sign-in did not start the ceiling over: the strangers are still spaced out.
    await takeTheTurn(owner);
    await signIn(owner, address(), 'spray-after-owner').expect(429);
  });

  it("gives no separate budget to a forged cookie or one another address's sign-in set", async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const other = await registerAccount(t.http, {}, { subscribed: false });
    const ownDevice = deviceCookieOf(await signIn(owner, address()).expect(200)).value;
    const otherDevice = deviceCookieOf(await signIn(other, address()).expect(200)).value;
    await attack(owner);

    const [name, value] = ownDevice.split('=') as [string, string];
    const [id, entry] = value.split('.') as [string, string];
    const [expires, tag] = entry.split('~') as [string, string];
    const flipped = `${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`;
    const later = (parseInt(expires, 36) + 1).toString(36);
    const forged = [
      otherDevice,
      `${name}=${id}.${expires}~${flipped}`,
      `${name}=${id}.${later}~${tag}`,
      `${name}=${'A'.repeat(22)}.${expires}~${tag}`,
      `${name}=${id}`,
      `${name}=${'x'.repeat(5000)}`,
    ];
    for (const cookie of forged) {
      await takeTheTurn(owner);
      const res = await signIn(owner, address(), owner.password, cookie).expect(429);
      expect(res.body).toMatchObject({ error: SIGN_IN_SLOWED });
    }
    // The real one still works.
    await takeTheTurn(owner);
    await signIn(owner, address(), owner.password, ownDevice).expect(200);
    // And the other account's cookie works for the other account.
    await signIn(other, address(), other.password, otherDevice).expect(200);
  });

  it("keeps a known browser's own budget limited: its own failures lock only it", async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    const device = deviceCookieOf(await signIn(owner, address()).expect(200)).value;
    const from = address();
    for (let i = 0; i < LIMIT; i += 1) await signIn(owner, from, `guess-${i}`, device).expect(401);
    const locked = await signIn(owner, address(), owner.password, device).expect(429);
    expect(locked.body).toMatchObject({ error: ACCOUNT_LOCKED });
    // Its failures did not reach the ceiling that spaces out unknown clients: a new address is checked at once.
    await signIn(owner, address()).expect(200);
  });

  it('a password-reset link works while the address is under attack, and the owner signs in after it', async () => {
    const owner = await registerAccount(t.http, {}, { subscribed: false });
    await attack(owner);
    const home = address();
    await t.http
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', home)
      .send({ email: owner.user.email })
      .expect(200);
    const token = await linkTokenMailedTo(
      t.app.get<AppConfig>(APP_CONFIG).dataDir,
      owner.user.email,
      '/reset-password',
    );
    await takeTheTurn(owner);
    await t.http
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', home)
      .send({ token, password: 'after-reset-1' })
      .expect(200);
    await takeTheTurn(owner);
    await signIn(owner, home, 'after-reset-1').expect(200);
  });
});
