import { afterEach, describe, expect, it } from '@jest/globals';
import { ACCOUNT_LOCKED } from '../src/auth/login-throttle.js';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

const SAVED = { ...process.env };
const LOGIN = '/api/auth/login';

/** X-Forwarded-For is trusted only from TRUST_PROXY, and sign-ins are throttled per e-mail and address. */
describe('proxies and sign-in throttling', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    process.env = { ...SAVED };
  });

  it('ignores X-Forwarded-For by default: rotating it does not escape the per-client limit', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '5', TRUST_PROXY: '' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await t.http
        .post(LOGIN)
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ email: `nobody${i}@example.com`, password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('counts failures per e-mail and forwarded address: a guesser locks out its own address, not the owner', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TRUST_PROXY: '1' });
    const victim = await registerAccount(t.http, {}, { subscribed: false });
    for (let i = 0; i < 10; i += 1) {
      await t.http
        .post(LOGIN)
        .set('X-Forwarded-For', '198.51.100.66')
        .send({ email: victim.user.email, password: `guess-${i}` })
        .expect(401);
    }
    const locked = await t.http
      .post(LOGIN)
      .set('X-Forwarded-For', '198.51.100.66')
      .send({ email: victim.user.email, password: victim.password })
      .expect(429);
    expect(locked.body).toEqual({ statusCode: 429, error: ACCOUNT_LOCKED, message: ACCOUNT_LOCKED });
    await t.http
      .post(LOGIN)
      .set('X-Forwarded-For', '198.51.100.200')
      .send({ email: victim.user.email, password: victim.password })
      .expect(200);
  });

  it('behind a trusted proxy, one client exhausting its limit does not lock out the others', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1/8, ::1' });
    const user = await registerAccount(t.http, {}, { subscribed: false }); // one register hit from 127.0.0.1
    for (let i = 0; i < 3; i += 1) {
      await t.http
        .post(LOGIN)
        .set('X-Forwarded-For', '192.0.2.66')
        .send({ email: `x${i}@example.com`, password: 'wrong-password' })
        .expect(401);
    }
    await t.http
      .post(LOGIN)
      .set('X-Forwarded-For', '192.0.2.66')
      .send({ email: 'y@example.com', password: 'wrong-password' })
      .expect(429);
    await t.http
      .post(LOGIN)
      .set('X-Forwarded-For', '192.0.2.7')
      .send({ email: user.user.email, password: user.password })
      .expect(200);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    await expect(createTestApp({ TRUST_PROXY: 'everyone' })).rejects.toThrow(
      'TRUST_PROXY must be a number of proxy hops or a comma-separated list of IP addresses or CIDR ranges',
    );
  });
});
