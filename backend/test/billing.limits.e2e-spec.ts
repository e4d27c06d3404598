import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOO_MANY_ATTEMPTS } from '../src/common/rate-limit/rate-limit.guard.js';
import { createTestApp, registerAccount, tokenizeCard, type TestApp } from './helpers/test-app.js';

const SAVED = { ...process.env };

/** Idempotency-Key reuse with another body, and limits on invoice resend and provider sync. */
describe('billing request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BILLING_ACTION_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
    process.env = { ...SAVED };
  });

  it('answers 422 to an Idempotency-Key reused with a different body, and replays the same body', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const key = `key-${randomUUID()}`;
    const card = await tokenizeCard(t.http);
    const first = await t.http
      .post('/api/protected/subscriptions')
      .set(a.auth)
      .set('Idempotency-Key', key)
      .send({ plan_id: 'professional', payment_method: card })
      .expect(201);
    const replay = await t.http
      .post('/api/protected/subscriptions')
      .set(a.auth)
      .set('Idempotency-Key', key)
      .send({ plan_id: 'professional', payment_method: card })
      .expect(201);
    expect(replay.body.subscription.id).toBe(first.body.subscription.id);
    const other = await t.http
      .post('/api/protected/subscriptions')
      .set(a.auth)
      .set('Idempotency-Key', key)
      .send({ plan_id: 'enterprise', payment_method: card })
      .expect(422);
    expect(other.body).toMatchObject({
      statusCode: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: expect.stringContaining('can only be used with the same parameters'),
    });
    const current = await t.http.get('/api/protected/subscriptions/current').set(a.auth).expect(200);
    expect(current.body.subscription.plan_id).toBe('professional');
  });

  it.each([
    [
      'invoice resend',
      (auth: Record<string, string>) =>
        t.http.post('/api/protected/invoices/resend').set(auth).send({ invoice_id: randomUUID() }),
    ],
    ['subscription sync', (auth: Record<string, string>) => t.http.post('/api/protected/subscriptions/sync').set(auth)],
  ])('limits %s per account, not per address', async (_name, call) => {
    const a = await registerAccount(t.http);
    const b = await registerAccount(t.http);
    for (let i = 0; i < 3; i += 1) expect((await call(a.auth)).status).not.toBe(429);
    const refused = await call(a.auth);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: TOO_MANY_ATTEMPTS, message: TOO_MANY_ATTEMPTS });
    expect(refused.headers['retry-after']).toBe('60');
    expect((await call(b.auth)).status).not.toBe(429);
  });
});
