import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock, type MovableClock } from '../src/billing/clock.js';
import { RenewalJob } from '../src/subscriptions/renewal.job.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import {
  createTestApp,
  registerAccount,
  TEST_CARDS,
  type TestAccount,
  type TestApp,
  tokenizeCard,
} from './helpers/test-app.js';

describe('subscriptions API (sandbox provider)', () => {
  let t: TestApp;
  let clock: MovableClock;
  let job: RenewalJob;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
    job = t.app.get(RenewalJob);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const unsubscribed = () => registerAccount(t.http, {}, { subscribed: false });
  /** Subscribes with a freshly tokenised card and answers the response (supertest's Test is thenable, so not it). */
  const subscribe = async (account: TestAccount, plan_id = 'professional', card: string = TEST_CARDS.success) => {
    const payment_method = await tokenizeCard(t.http, card);
    return t.http.post('/api/protected/subscriptions').set(account.auth).send({ plan_id, payment_method });
  };
  const status = async (account: TestAccount) =>
    (await t.http.get('/api/protected/subscriptions/status').set(account.auth).expect(200)).body;
  const invoices = async (account: TestAccount) =>
    (await t.http.get('/api/protected/invoices').set(account.auth).expect(200)).body;
  const travel = async (days: number) => {
    clock.advance(days * DAY_MS);
    return job.run();
  };

  describe('plans and provider config (public)', () => {
    it('lists at least three monthly USD plans, one of them Professional', async () => {
      const res = await t.http.get('/api/subscriptions/plans').expect(200);
      expect(res.body.provider).toBe('sandbox');
      expect(res.body.plans.length).toBeGreaterThanOrEqual(3);
      for (const plan of res.body.plans) {
        expect(plan).toMatchObject({ currency: 'USD', interval: 'month' });
        expect(plan.description).toEqual(expect.any(String));
        expect(plan.features.length).toBeGreaterThan(0);
        expect(plan.trial_days).toEqual(expect.any(Number));
      }
      expect(res.body.plans.map((p: { name: string }) => p.name)).toContain('Professional');
    });

    it('says the sandbox is the live provider and refuses the stripe config', async () => {
      const res = await t.http.get('/api/subscriptions/sandbox-config').expect(200);
      expect(res.body).toEqual({
        provider: 'sandbox',
        publishable_key: 'pk_sandbox_local',
        tokenize_url: '/api/sandbox/payment_methods',
      });
      const stripe = await t.http.get('/api/subscriptions/stripe-config').expect(404);
      expect(stripe.body.error).toContain('the live provider is sandbox');
    });
  });

  describe('a new account', () => {
    it('has no subscription and no valid access', async () => {
      const a = await unsubscribed();
      expect(await status(a)).toEqual({
        subscription: null,
        has_valid_subscription: false,
        plan: null,
        days_until_expiry: 0,
        is_trial: false,
        trial_expired: false,
      });
      const current = await t.http.get('/api/protected/subscriptions/current').set(a.auth).expect(200);
      expect(current.body).toMatchObject({ has_subscription: false, subscription: null, plan: null, days_left: 0 });
    });
  });

  describe('trial, activation and renewal', () => {
    it('starts a 14-day Professional trial, saves the card, then charges at trial end and every month', async () => {
      const a = await unsubscribed();
      const created = await subscribe(a);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        has_subscription: true,
        has_valid_subscription: true,
        days_left: 14,
        subscription: {
          status: 'trialing',
          plan: 'Professional',
          plan_id: 'professional',
          cancel_at_period_end: false,
        },
        plan: { name: 'Professional', price: 59, currency: 'USD', interval: 'month' },
      });
      expect(created.body.subscription.trial_end).toBe(created.body.subscription.current_period_end);
      const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      expect(cards.body.payment_methods).toEqual([
        expect.objectContaining({ card_brand: 'visa', card_last4: '4242', is_default: true }),
      ]);
      expect((await invoices(a)).total).toBe(0);

      await travel(13);
      expect(await status(a)).toMatchObject({ is_trial: true, days_until_expiry: 1 });

      await travel(1);
      const active = await status(a);
      expect(active).toMatchObject({ has_valid_subscription: true, is_trial: false });
      expect(active.subscription.status).toBe('active');
      let list = await invoices(a);
      expect(list.total).toBe(1);
      expect(list.invoices[0]).toMatchObject({
        status: 'paid',
        amount: 59,
        plan_name: 'Professional',
        email_sent: true,
      });

      await travel(31);
      list = await invoices(a);
      expect(list.total).toBe(2);
      expect(list.invoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
      const payments = await t.http.get('/api/protected/subscriptions/payments').set(a.auth).expect(200);
      expect(payments.body).toMatchObject({ page: 1, limit: 10, total: 2 });
      expect(payments.body.payments[0]).toMatchObject({ status: 'succeeded', amount: 59, card_last4: '4242' });
    });
  });
});
