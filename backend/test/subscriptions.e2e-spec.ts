import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { outboxMails } from './helpers/outbox-mails.js';
import { RENEWAL_JOB_LOCK, RenewalJob } from '../src/subscriptions/renewal.job.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
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
  // A database of its own: the renewal job runs for every account of its database, and in the shared one every
  // earlier suite's trial falls due when a test moves the clock 14 days, so each run renewed thousands of accounts
  // (and on a busy machine a test passed Jest's 30 s).
  let own: OwnDatabase;
  const sharedDatabaseUrl = process.env.DATABASE_URL;
  beforeAll(async () => {
    own = await ownDatabase('subscriptions');
    t = await createTestApp({ DATABASE_URL: own.url });
    clock = t.app.get(Clock) as MovableClock;
    job = t.app.get(RenewalJob);
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await t?.close();
    await own?.drop();
    // createTestApp leaves its settings in the environment: the next describe's app uses the worker's database.
    process.env.DATABASE_URL = sharedDatabaseUrl;
  });

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

  it('has no Stripe webhook while the sandbox is live (404)', async () => {
    const res = await t.http.post('/api/webhooks/stripe').set('Stripe-Signature', 't=1,v1=x').send({}).expect(404);
    expect(res.body.error).toBe('Stripe is not the live card provider');
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

  describe('declined card', () => {
    it('refuses 4000 0000 0000 0002 with 402 and keeps no subscription or card', async () => {
      const a = await unsubscribed();
      const res = await subscribe(a, 'professional', TEST_CARDS.declined);
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ error: 'Your card was declined.', code: 'card_declined' });
      expect((await status(a)).subscription).toBeNull();
      const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      expect(cards.body.payment_methods).toEqual([]);
    });

    it('refuses a returning account whose first charge fails, leaving nothing half-written', async () => {
      const a = await unsubscribed();
      expect((await subscribe(a)).status).toBe(201);
      await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      await travel(15);
      expect((await status(a)).subscription.status).toBe('canceled');
      const res = await subscribe(a, 'starter', TEST_CARDS.failsToCharge);
      expect(res.status).toBe(402);
      expect(res.body.error).toBe('Your card was declined.');
      expect((await status(a)).subscription.status).toBe('canceled');
      expect((await invoices(a)).total).toBe(0);
      const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      expect(cards.body.payment_methods).toHaveLength(1);
    });
  });

  describe('failed renewal', () => {
    it('goes past_due with an open invoice, keeps access for 7 days of grace, then loses it', async () => {
      const a = await unsubscribed();
      expect((await subscribe(a, 'professional', TEST_CARDS.failsToCharge)).status).toBe(201);
      await travel(14);
      const pastDue = await status(a);
      expect(pastDue).toMatchObject({ has_valid_subscription: true, days_until_expiry: 7 });
      expect(pastDue.subscription.status).toBe('past_due');
      const list = await invoices(a);
      expect(list.invoices).toEqual([expect.objectContaining({ status: 'open', amount: 59, paid_at: null })]);
      const payments = await t.http.get('/api/protected/subscriptions/payments').set(a.auth).expect(200);
      expect(payments.body.payments[0]).toMatchObject({
        status: 'failed',
        failure_message: 'Your card was declined.',
      });
      await t.http.get('/api/protected/calculator/template').set(a.auth).expect(200);
      // The owner is told at once, once, with the way to fix the card and the day access ends.
      await t.app.get(Outbox).deliverNow();
      const told = outboxMails(t.app.get<AppConfig>(APP_CONFIG).dataDir, a.user.email).filter((mail) =>
        mail.includes('Your IFTA Fuel Tax renewal payment failed'),
      );
      expect(told).toHaveLength(1);
      expect(told[0]).toContain('could not be charged to your card: Your card was declined.');
      expect(told[0]).toContain('/settings#payment-methods');

      await travel(6);
      expect(await status(a)).toMatchObject({ has_valid_subscription: true, days_until_expiry: 1 });
      await travel(2);
      const lost = await status(a);
      expect(lost).toMatchObject({ has_valid_subscription: false, days_until_expiry: 0 });
      expect(lost.subscription.status).toBe('unpaid');
      expect((await invoices(a)).invoices[0].status).toBe('uncollectible');
      await t.http.get('/api/protected/calculator/template').set(a.auth).expect(403);
    });

    it('charges the refused bill again 1, 3 and 5 days after; a working default card then pays it by itself', async () => {
      const a = await unsubscribed();
      expect((await subscribe(a, 'professional', TEST_CARDS.failsToCharge)).status).toBe(201);
      const failedCharges = async () =>
        (await t.http.get('/api/protected/subscriptions/payments').set(a.auth).expect(200)).body.payments.filter(
          (payment: { status: string }) => payment.status === 'failed',
        ).length;
      await travel(14);
      expect((await status(a)).subscription.status).toBe('past_due');
      expect(await failedCharges()).toBe(1);
      // Half a day later nothing is retried yet; on day 1 the same card is tried again and refused again.
      await travel(0.5);
      expect(await failedCharges()).toBe(1);
      await travel(0.5);
      expect(await failedCharges()).toBe(2);
      expect((await status(a)).subscription.status).toBe('past_due');

      // The owner makes a working card the default; the day-3 retry pays the open bill with it.
      await t.http
        .post('/api/protected/payment-methods')
        .set(a.auth)
        .send({ payment_method_id: await tokenizeCard(t.http, TEST_CARDS.success), set_default: true })
        .expect(201);
      await travel(2);
      const paid = await status(a);
      expect(paid.subscription.status).toBe('active');
      expect((await invoices(a)).invoices).toEqual([expect.objectContaining({ status: 'paid', amount: 59 })]);
      expect(await failedCharges()).toBe(2);
    });

    it('is paid with a new card through reactivate-with-payment while past_due', async () => {
      const a = await unsubscribed();
      expect((await subscribe(a, 'professional', TEST_CARDS.failsToCharge)).status).toBe(201);
      await travel(15);
      const before = await status(a);
      expect(before.subscription.status).toBe('past_due');
      const res = await t.http
        .post('/api/protected/subscriptions/reactivate-with-payment')
        .set(a.auth)
        .send({ plan_id: 'professional', use_new_payment_method: true, payment_method_id: await tokenizeCard(t.http) })
        .expect(200);
      expect(res.body.subscription.status).toBe('active');
      // The paid month is the one that was unpaid: it starts at the old period end.
      expect(res.body.subscription.current_period_start).toBe(before.subscription.current_period_end);
      const list = await invoices(a);
      expect(list.invoices).toEqual([expect.objectContaining({ status: 'paid', email_sent: true })]);
      const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      expect(cards.body.payment_methods[0]).toMatchObject({ card_last4: '4242', is_default: true });
    });
  });

  describe('cancel and reactivate', () => {
    it('keeps access until the period end after a cancel, then ends', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      await travel(14); // first paid month
      const canceled = await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      expect(canceled.body.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
      expect(canceled.body.subscription.canceled_at).toEqual(expect.any(String));
      await travel(20);
      expect(await status(a)).toMatchObject({ has_valid_subscription: true });
      await t.http.get('/api/protected/calculator/template').set(a.auth).expect(200);
      await travel(12);
      const ended = await status(a);
      expect(ended).toMatchObject({ has_valid_subscription: false });
      expect(ended.subscription.status).toBe('canceled');
      expect((await invoices(a)).total).toBe(1); // no charge for the canceled month
    });

    it('reactivate undoes a cancel before the period end and renewal goes on', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      const res = await t.http.post('/api/protected/subscriptions/reactivate').set(a.auth).expect(200);
      expect(res.body.subscription).toMatchObject({
        status: 'trialing',
        cancel_at_period_end: false,
        canceled_at: null,
      });
      await travel(14);
      expect((await status(a)).subscription.status).toBe('active');
      expect((await invoices(a)).total).toBe(1);
    });

    it('refuses reactivate when nothing is canceling, and after the end (payment needed)', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      const notCanceling = await t.http.post('/api/protected/subscriptions/reactivate').set(a.auth).expect(409);
      expect(notCanceling.body.error).toBe('The subscription is not set to cancel');
      await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      await travel(15);
      const ended = await t.http.post('/api/protected/subscriptions/reactivate').set(a.auth).expect(409);
      expect(ended.body.code).toBe('PAYMENT_REQUIRED');
    });

    it('resumes an ended subscription with a saved card, charging the first month at once', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      await travel(15);
      const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      const res = await t.http
        .post('/api/protected/subscriptions/reactivate-with-payment')
        .set(a.auth)
        .send({
          plan_id: 'enterprise',
          use_new_payment_method: false,
          payment_method_id: cards.body.payment_methods[0].id,
        })
        .expect(200);
      expect(res.body).toMatchObject({
        has_valid_subscription: true,
        subscription: { status: 'active', plan: 'Enterprise', trial_end: null },
      });
      const list = await invoices(a);
      expect(list.invoices).toEqual([
        expect.objectContaining({ status: 'paid', amount: 129, plan_name: 'Enterprise' }),
      ]);
    });

    it('ends a past_due subscription at once when cancelled, voiding its open invoice', async () => {
      const a = await unsubscribed();
      await subscribe(a, 'professional', TEST_CARDS.failsToCharge);
      await travel(15);
      const res = await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      expect(res.body).toMatchObject({ has_valid_subscription: false, subscription: { status: 'canceled' } });
      expect((await invoices(a)).invoices[0].status).toBe('void');
    });

    it('changes the plan of a running subscription through reactivate-with-payment without charging', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      const res = await t.http
        .post('/api/protected/subscriptions/reactivate-with-payment')
        .set(a.auth)
        .send({
          plan_id: 'starter',
          use_new_payment_method: false,
          payment_method_id: cards.body.payment_methods[0].id,
        })
        .expect(200);
      expect(res.body.subscription).toMatchObject({ status: 'trialing', plan_id: 'starter' });
      const payments = await t.http.get('/api/protected/subscriptions/payments').set(a.auth).expect(200);
      expect(payments.body.total).toBe(0);
    });

    it('answers 404 when cancelling without a subscription', async () => {
      const a = await unsubscribed();
      await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(404);
    });
  });

  describe('plan change', () => {
    it('switches plan at once and bills the new price at the next renewal', async () => {
      const a = await unsubscribed();
      await subscribe(a, 'starter');
      const res = await t.http
        .put('/api/protected/subscriptions')
        .set(a.auth)
        .send({ plan_id: 'enterprise' })
        .expect(200);
      expect(res.body.plan).toMatchObject({ name: 'Enterprise', price: 129 });
      expect(res.body.subscription).toMatchObject({ plan_id: 'enterprise', status: 'trialing' });
      await travel(7);
      expect((await invoices(a)).invoices[0]).toMatchObject({ amount: 129, plan_name: 'Enterprise' });
    });

    it('refuses the same plan (409), an unknown plan (400 naming plan_id) and no subscription (404)', async () => {
      const a = await unsubscribed();
      await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'starter' }).expect(404);
      await subscribe(a, 'starter');
      const same = await t.http
        .put('/api/protected/subscriptions')
        .set(a.auth)
        .send({ plan_id: 'starter' })
        .expect(409);
      expect(same.body.error).toBe('You are already on the Starter plan');
      const unknown = await t.http
        .put('/api/protected/subscriptions')
        .set(a.auth)
        .send({ plan_id: 'gold' })
        .expect(400);
      expect(Object.keys(unknown.body.fields)).toEqual(['plan_id']);
    });
  });

  describe('subscribing twice', () => {
    it('makes one subscription for two concurrent requests (double click) and answers 409 to the other', async () => {
      const a = await unsubscribed();
      const [first, second] = await Promise.all([subscribe(a), subscribe(a)]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      expect((first.status === 409 ? first : second).body.code).toBe('SUBSCRIPTION_EXISTS');
      const db = t.app.get(DataSource);
      const [{ count }] = await db.query('SELECT count(*)::int AS count FROM subscriptions WHERE user_id = $1', [
        a.user.id,
      ]);
      expect(count).toBe(1);
    });

    it('charges a returning account once for two concurrent resumes', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
      await travel(15);
      const [first, second] = await Promise.all([subscribe(a, 'starter'), subscribe(a, 'starter')]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const payments = await t.http.get('/api/protected/subscriptions/payments').set(a.auth).expect(200);
      expect(payments.body.total).toBe(1);
      expect((await invoices(a)).total).toBe(1);
    });

    it('answers a retry with the same Idempotency-Key with the subscription the first call made', async () => {
      const a = await unsubscribed();
      const payment_method = await tokenizeCard(t.http);
      const call = () =>
        t.http
          .post('/api/protected/subscriptions')
          .set(a.auth)
          .set('Idempotency-Key', 'checkout-42')
          .send({ plan_id: 'professional', payment_method });
      const first = await call().expect(201);
      const retry = await call().expect(201);
      expect(retry.body.subscription.id).toBe(first.body.subscription.id);
    });

    it('has the database refuse a second live subscription even past the service', async () => {
      const a = await registerAccount(t.http);
      const db = t.app.get(DataSource);
      await expect(
        db.query(
          `INSERT INTO subscriptions (user_id, plan_id, status, current_period_start, current_period_end, provider)
           VALUES ($1, 'starter', 'active', now(), now() + interval '1 month', 'sandbox')`,
          [a.user.id],
        ),
      ).rejects.toThrow(/subscriptions_one_live_per_account/);
    });
  });

  describe('renewal job', () => {
    it('does nothing in a replica that does not get the advisory lock', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      const other = new pg.Client({ connectionString: own.url });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock($1)', [RENEWAL_JOB_LOCK]);
        clock.advance(15 * DAY_MS);
        expect(await job.run()).toEqual({ ran: false, accounts: 0 });
        expect((await invoices(a)).total).toBe(0);
        await other.query('SELECT pg_advisory_unlock($1)', [RENEWAL_JOB_LOCK]);
        expect((await job.run()).ran).toBe(true);
        expect((await invoices(a)).total).toBe(1);
      } finally {
        await other.end();
      }
    });

    it('bills a period once when two runs race', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      clock.advance(15 * DAY_MS);
      await Promise.all([job.run(), job.run(), t.http.post('/api/protected/subscriptions/sync').set(a.auth)]);
      expect((await invoices(a)).total).toBe(1);
    });

    it('catches up every missed period in one run, one paid invoice each', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      await travel(14 + 31 + 31);
      const list = await invoices(a);
      expect(list.total).toBe(3);
      const periods = list.invoices.map((i: { period_start: string }) => i.period_start);
      expect(new Set(periods).size).toBe(3);
      expect((await status(a)).subscription.status).toBe('active');
    });

    it('sync applies a due renewal for the account at once', async () => {
      const a = await unsubscribed();
      await subscribe(a);
      clock.advance(15 * DAY_MS);
      const res = await t.http.post('/api/protected/subscriptions/sync').set(a.auth).expect(200);
      expect(res.body.subscription.status).toBe('active');
    });
  });

  describe('isolation and bad input', () => {
    it("shows each account only its own subscription, and refuses another account's saved card (404)", async () => {
      const a = await registerAccount(t.http);
      const b = await unsubscribed();
      expect((await status(b)).subscription).toBeNull();
      const aCards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
      await t.http
        .post('/api/protected/subscriptions/reactivate-with-payment')
        .set(b.auth)
        .send({
          plan_id: 'starter',
          use_new_payment_method: false,
          payment_method_id: aCards.body.payment_methods[0].id,
        })
        .expect(404);
      expect((await status(b)).subscription).toBeNull();
    });

    it("refuses another account's card token as a new card (400 naming payment_method)", async () => {
      const a = await unsubscribed();
      const b = await unsubscribed();
      const token = await tokenizeCard(t.http);
      const mine = await t.http
        .post('/api/protected/subscriptions')
        .set(a.auth)
        .send({ plan_id: 'starter', payment_method: token });
      expect(mine.status).toBe(201);
      // Like a provider's payment method, a tokenised card belongs to the first customer it is attached to.
      const theirs = await t.http
        .post('/api/protected/subscriptions')
        .set(b.auth)
        .send({ plan_id: 'starter', payment_method: token })
        .expect(400);
      expect(Object.keys(theirs.body.fields)).toEqual(['payment_method']);
      expect((await status(b)).subscription).toBeNull();
    });

    it.each([
      [{ payment_method: 'pm_x' }, 'plan_id'],
      [{ plan_id: 'starter' }, 'payment_method'],
      [{ plan_id: 'gold', payment_method: 'pm_sandbox_x' }, 'plan_id'],
      [{ plan_id: 'starter', payment_method: 'pm_unknown' }, 'payment_method'],
      [{ plan_id: 'starter', payment_method: 42 }, 'payment_method'],
      [{ plan_id: 'starter', payment_method: 'pm_sandbox_x', extra: 1 }, 'extra'],
    ])('refuses %j with a 400 naming %s and writes nothing', async (body, field) => {
      const a = await unsubscribed();
      const res = await t.http.post('/api/protected/subscriptions').set(a.auth).send(body).expect(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
      expect((await status(a)).subscription).toBeNull();
    });

    it('refuses a malformed Idempotency-Key', async () => {
      const a = await unsubscribed();
      const res = await t.http
        .post('/api/protected/subscriptions')
        .set(a.auth)
        .set('Idempotency-Key', 'x'.repeat(101))
        .send({ plan_id: 'starter', payment_method: await tokenizeCard(t.http) })
        .expect(400);
      expect(Object.keys(res.body.fields)).toEqual(['Idempotency-Key']);
    });

    it('refuses reactivate-with-payment without use_new_payment_method', async () => {
      const a = await unsubscribed();
      const res = await t.http
        .post('/api/protected/subscriptions/reactivate-with-payment')
        .set(a.auth)
        .send({ plan_id: 'starter', payment_method_id: 'pm_x' })
        .expect(400);
      expect(Object.keys(res.body.fields)).toEqual(['use_new_payment_method']);
    });

    it('refuses payment history pages out of range', async () => {
      const a = await unsubscribed();
      const res = await t.http.get('/api/protected/subscriptions/payments?page=0').set(a.auth).expect(400);
      expect(Object.keys(res.body.fields)).toEqual(['page']);
    });

    it('requires a token on every subscription call', async () => {
      await t.http.get('/api/protected/subscriptions/status').expect(401);
      await t.http.post('/api/protected/subscriptions').send({}).expect(401);
    });
  });
});

describe('subscribing under a small connection pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '2' });
  });
  afterAll(() => t.close());

  it('lets many accounts subscribe at once: no transaction waits for a second connection', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 6 }, () => registerAccount(t.http, {}, { subscribed: false })),
    );
    const tokens = await Promise.all(accounts.map(() => tokenizeCard(t.http)));
    const answers = await Promise.all(
      accounts.map((account, i) =>
        t.http
          .post('/api/protected/subscriptions')
          .set(account.auth)
          .send({ plan_id: 'starter', payment_method: tokens[i] }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(accounts.map(() => 201));
  });
});
