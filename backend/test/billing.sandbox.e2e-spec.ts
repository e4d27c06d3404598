import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SharedCounters } from '../src/common/rate-limit/shared-counters.js';
import { startFakeRedis } from './helpers/fake-redis.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const URL = '/api/sandbox/payment_methods';
const year = new Date().getUTCFullYear();
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: year + 2, cvc: '123' };

describe('sandbox card tokenisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_RATE_LIMIT: '40' });
  });
  afterAll(() => t.close());

  it('answers a pm_sandbox_ token and the card it stands for, without a bearer token', async () => {
    const res = await t.http.post(URL).send(CARD).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^pm_sandbox_s[0-9a-f]{24}$/),
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year + 2 },
    });
  });

  it('never stores the card number or the CVC', async () => {
    const res = await t.http
      .post(URL)
      .send({ ...CARD, number: '4000056655665556', cvc: '987' })
      .expect(201);
    const [row] = await t.app
      .get(DataSource)
      .query('SELECT * FROM sandbox_payment_methods WHERE id = $1', [res.body.id]);
    // The token's random hex id and its timestamp may hold the digits 987 by chance (it failed that way once):
    // they are checked for their own shape, every other column for the card's secrets.
    const { id, created_at: createdAt, ...columns } = row as Record<string, unknown>;
    expect(id).toMatch(/^pm_sandbox_s[0-9a-f]{24}$/);
    expect(createdAt).toBeInstanceOf(Date);
    const stored = JSON.stringify(columns);
    expect(stored).not.toContain('4000056655665556');
    expect(stored).not.toContain('987');
    expect(JSON.stringify(res.body)).not.toContain('4000056655665556');
  });

  it.each([
    [{ number: '4242424242424241' }, 'number', 'Your card number is invalid.'],
    [{ number: '42' }, 'number', 'Your card number is invalid.'],
    [{ exp_year: year - 1 }, 'exp_year', "Your card's expiration year is in the past."],
    [{ exp_month: 13 }, 'exp_month', "Your card's expiration month is invalid."],
    [{ cvc: '12' }, 'cvc', "Your card's security code is invalid."],
    [{ cvc: 'abc' }, 'cvc', "Your card's security code is invalid."],
    [{ number: undefined }, 'number', 'Your card number is incomplete.'],
    [{ exp_month: 'soon' }, 'exp_month', "Your card's expiration month is invalid."],
  ])('refuses %j with a 400 naming %s and the provider sentence', async (change, field, message) => {
    const res = await t.http
      .post(URL)
      .send({ ...CARD, ...change })
      .expect(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields).toEqual({ [field]: message });
  });

  it('is rate limited per client', async () => {
    let last = 0;
    for (let i = 0; i < 45 && last !== 429; i += 1) {
      last = (await t.http.post(URL).send({ ...CARD, number: 'x' })).status;
    }
    expect(last).toBe(429);
  });

  it('shares the limit between replicas through Redis when REDIS_URL is set', async () => {
    const redis = await startFakeRedis();
    // The deadline is generous: the test is about sharing the count, and a busy machine may be slower than 200 ms.
    const shared = { SANDBOX_RATE_LIMIT: '2', REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '2000' };
    const first = await createTestApp(shared);
    const second = await createTestApp(shared);
    try {
      // An app connects to Redis in the background and counts in its own process until the connection is up; on a
      // busy machine the second app's first request came before that, so both apps wait for Redis to answer first.
      for (const app of [first, second]) {
        const counters = app.app.get(SharedCounters);
        for (let tries = 0; (await counters.redisState()) !== 'up'; tries += 1) {
          if (tries > 200) throw new Error('Redis never answered the app');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      await first.http.post(URL).send(CARD).expect(201);
      await first.http.post(URL).send(CARD).expect(201);
      await second.http.post(URL).send(CARD).expect(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await redis.close();
    }
  });
});
