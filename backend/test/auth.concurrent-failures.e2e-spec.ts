import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIGN_IN_SLOWED } from '../src/auth/login-throttle.js';
import { startFakeRedis, type FakeRedis } from './helpers/fake-redis.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LOGIN = '/api/auth/login';
const CEILING = 10;
const BURST = 100;

let addresses = 0;
/** A client address no other attempt of this file uses. */
const address = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const settings = { TRUST_PROXY: '1', LOGIN_FAILURE_LIMIT: '10', LOGIN_EMAIL_FAILURE_CEILING: String(CEILING) };

/**
 * The turns past the ceiling that the spacing gives new clients while a burst lasts: one at once, then one after 1 s,
 * 3 s, 7 s… (the interval doubles). A burst answered within a second gets one; on a busy machine the same burst can
 * take seconds, and the spacing rightly lets another try through each interval.
 */
let spacingTurns = 1;
const turnsWithin = (ms: number) => 1 + Math.floor(Math.log2(ms / 1000 + 1));

/** Sends BURST wrong passwords for one account at once, each from an address of its own, spread over `apps`. */
async function burst(apps: TestApp[], owner: TestAccount): Promise<number[]> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      apps[i % apps.length].http
        .post(LOGIN)
        .set('X-Forwarded-For', address())
        .send({ email: owner.user.email, password: `spray-${i}` }),
    ),
  );
  spacingTurns = turnsWithin(performance.now() - started);
  for (const res of answers.filter((r) => r.status === 429)) expect(res.body.error).toBe(SIGN_IN_SLOWED);
  return answers.map((res) => res.status);
}

/**
 * Each sign-in is counted as a failure before its password is checked and given back when it succeeds (README,
 * Sign-in limits), for the e-mail's ceiling as for each address: a burst from many addresses at once gets the
 * ceiling's checks plus the one turn the spacing allows, never one check per address.
 */
describe('concurrent wrong passwords for one e-mail', () => {
  describe('with counters in the process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(settings);
    });
    afterAll(() => t.close());

    it(`checks at most ${CEILING + 1} of ${BURST} wrong passwords sent at once from ${BURST} addresses; the rest answer 429`, async () => {
      const owner = await registerAccount(t.http, {}, { subscribed: false });
      const statuses = await burst([t], owner);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(CEILING);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(CEILING + spacingTurns);
    });

    it('keeps the owner’s own browser signing in through a burst, and its success starts the ceiling over', async () => {
      const owner = await registerAccount(t.http, {}, { subscribed: false });
      const home = address();
      const signInAtHome = () =>
        t.http.post(LOGIN).set('X-Forwarded-For', home).send({ email: owner.user.email, password: owner.password });
      await signInAtHome().expect(200);
      const [statuses, own] = await Promise.all([burst([t], owner), signInAtHome()]);
      expect(own.status).toBe(200);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2 * CEILING + spacingTurns);
      await signInAtHome().expect(200);
      const stranger = await t.http
        .post(LOGIN)
        .set('X-Forwarded-For', address())
        .send({ email: owner.user.email, password: 'after-owner' });
      expect(stranger.status).toBe(401);
    });
  });

  describe('with counters in Redis shared by two replicas', () => {
    let redis: FakeRedis;
    let apps: TestApp[];
    beforeAll(async () => {
      redis = await startFakeRedis();
      apps = [
        // A generous deadline: these tests are about counting across replicas, not about a slow Redis.
        await createTestApp({ ...settings, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '2000' }),
        await createTestApp({ ...settings, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '2000' }),
      ];
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await redis.close();
    });

    it(`checks at most ${CEILING + 1} of ${BURST} wrong passwords sent at once to both replicas from ${BURST} addresses`, async () => {
      const owner = await registerAccount(apps[0].http, {}, { subscribed: false });
      const statuses = await burst(apps, owner);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(CEILING);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(CEILING + spacingTurns);
      expect(redis.commands.some(([name]) => name.toUpperCase() === 'INCR')).toBe(true);
    });
  });
});
