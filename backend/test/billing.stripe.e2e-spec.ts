import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { RenewalJob } from '../src/subscriptions/renewal.job.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { StripeFake } from './helpers/stripe-fake.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

describe('Stripe adapter (real SDK against a local fake of the Stripe API)', () => {
  let fake: StripeFake;
  let t: TestApp;
  let clock: MovableClock;
  let job: RenewalJob;
  let outbox: string;
  const signer = new Stripe('sk_test_signer');
  beforeAll(async () => {
    fake = new StripeFake();
    const port = await fake.start();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    });
    clock = t.app.get(Clock) as MovableClock;
    job = t.app.get(RenewalJob);
    outbox = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  let cardCount = 0;
  const newCard = (options: Parameters<StripeFake['addCard']>[1] = {}) =>
    fake.addCard(`pm_fake_${++cardCount}`, options);
  const subscribe = (account: TestAccount, payment_method: string, plan_id = 'professional') =>
    t.http.post('/api/protected/subscriptions').set(account.auth).send({ plan_id, payment_method });
  const status = async (account: TestAccount) =>
    (await t.http.get('/api/protected/subscriptions/status').set(account.auth).expect(200)).body;
  const invoices = async (account: TestAccount) =>
    (await t.http.get('/api/protected/invoices').set(account.auth).expect(200)).body.invoices;
  const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
  const unsubscribed = () => registerAccount(t.http, {}, { subscribed: false });
  const sendEvent = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload);
  };
  /** An account whose trial ended with a card that fails: past_due with an open invoice and a failed intent. */
  const pastDueAccount = async () => {
    const a = await unsubscribed();
    await subscribe(a, newCard({ failsToCharge: true })).expect(201);
    clock.advance(14 * DAY_MS);
    await job.run();
    clock.reset();
    const [invoice] = await invoices(a);
    return { a, invoice };
  };

  it('says Stripe is live and hands out its publishable key; the sandbox is off', async () => {
    const config = await t.http.get('/api/subscriptions/stripe-config').expect(200);
    expect(config.body).toEqual({ provider: 'stripe', publishable_key: 'pk_test_fake_key', tokenize_url: null });
    await t.http.get('/api/subscriptions/sandbox-config').expect(404);
    await t.http
      .post('/api/sandbox/payment_methods')
      .send({ number: '4242424242424242', exp_month: 1, exp_year: 2040, cvc: '123' })
      .expect(404);
  });

  it('subscribes: creates a customer, attaches the card with the secret key, saves brand and last 4', async () => {
    const a = await unsubscribed();
    const pm = newCard({ brand: 'mastercard', last4: '4444' });
    const res = await subscribe(a, pm).expect(201);
    expect(res.body.subscription).toMatchObject({ status: 'trialing', provider: 'stripe' });
    const attach = fake.calls('POST', new RegExp(`^/v1/payment_methods/${pm}/attach$`));
    expect(attach).toHaveLength(1);
    expect(attach[0].headers.authorization).toBe('Bearer sk_test_fake_key');
    expect(attach[0].params.get('customer')).toMatch(/^cus_fake/);
    const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
    expect(cards.body.payment_methods).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        provider_payment_method_id: pm,
        card_brand: 'mastercard',
        card_last4: '4444',
        is_default: true,
      }),
    ]);
  });

  it('answers a card Stripe declines with 402 and its message, keeping nothing', async () => {
    const a = await unsubscribed();
    const res = await subscribe(a, 'pm_card_chargeDeclined').expect(402);
    expect(res.body).toMatchObject({ error: 'Your card was declined.', code: 'card_declined' });
    expect((await status(a)).subscription).toBeNull();
  });

  it('answers an unknown payment method with a 400 naming payment_method', async () => {
    const a = await unsubscribed();
    const res = await subscribe(a, 'pm_does_not_exist').expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['payment_method']);
  });

  it('answers 503 with a retry sentence, not 500, when Stripe itself fails', async () => {
    const a = await unsubscribed();
    const res = await subscribe(a, 'pm_stripe_down').expect(503);
    expect(res.body.error).toBe('The card provider is unavailable, please try again in a few minutes');
    expect((await status(a)).subscription).toBeNull();
  });

  it('renews with an off-session PaymentIntent in cents, with an idempotency key and our invoice id', async () => {
    const a = await unsubscribed();
    await subscribe(a, newCard()).expect(201);
    clock.advance(14 * DAY_MS);
    await job.run();
    const [invoice] = await invoices(a);
    expect(invoice).toMatchObject({ status: 'paid', amount: 59, provider: 'stripe' });
    const [intent] = fake
      .calls('POST', /^\/v1\/payment_intents$/)
      .filter((r) => r.params.get('metadata[invoice_id]') === invoice.id);
    expect(intent.params.get('amount')).toBe('5900');
    expect(intent.params.get('currency')).toBe('usd');
    expect(intent.params.get('off_session')).toBe('true');
    expect(intent.params.get('confirm')).toBe('true');
    expect(intent.headers['idempotency-key']).toMatch(/^sub_/);
  });

  it('goes past_due when Stripe refuses the renewal charge', async () => {
    const { a, invoice } = await pastDueAccount();
    expect((await status(a)).subscription.status).toBe('past_due');
    expect(invoice.status).toBe('open');
  });

  describe('webhooks', () => {
    it('applies a signed payment_intent.succeeded: the open invoice is paid, the subscription active, one e-mail', async () => {
      const { a, invoice } = await pastDueAccount();
      // The renewal-failed e-mail goes out in the background: delivered first, it is not counted as the payment's.
      await t.app.get(Outbox).deliverNow();
      const before = mails();
      const event = {
        id: `evt_paid_${invoice.id}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_late',
            object: 'payment_intent',
            status: 'succeeded',
            metadata: { invoice_id: invoice.id, user_id: a.user.id },
          },
        },
      };
      const res = await sendEvent(event).expect(200);
      expect(res.body).toEqual({ received: true, duplicate: false });
      expect((await status(a)).subscription.status).toBe('active');
      expect((await invoices(a))[0]).toMatchObject({ id: invoice.id, status: 'paid', email_sent: true });
      await t.app.get(Outbox).deliverNow(); // the e-mail was enqueued with the payment; the sender delivers it
      expect(mails()).toBe(before + 1);

      // Stripe re-delivers: acknowledged, and nothing happens twice.
      const replay = await sendEvent(event).expect(200);
      expect(replay.body).toEqual({ received: true, duplicate: true });
      await t.app.get(Outbox).deliverNow();
      expect(mails()).toBe(before + 1);
    });

    it('refuses a wrong signature with 400 and changes nothing', async () => {
      const { a, invoice } = await pastDueAccount();
      const event = {
        id: `evt_forged_${invoice.id}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_forged',
            object: 'payment_intent',
            metadata: { invoice_id: invoice.id, user_id: a.user.id },
          },
        },
      };
      const res = await sendEvent(event, 'whsec_wrong').expect(400);
      expect(res.body.error).toBe('Invalid webhook signature');
      await t.http.post('/api/webhooks/stripe').set('Content-Type', 'application/json').send(event).expect(400);
      expect((await status(a)).subscription.status).toBe('past_due');
      expect((await invoices(a))[0].status).toBe('open');
      // The forged id was not recorded: the genuine event with the same id still applies.
      await sendEvent(event).expect(200);
      expect((await status(a)).subscription.status).toBe('active');
    });

    it('keeps a card up to date from payment_method.automatically_updated and drops one detached at Stripe', async () => {
      const a = await unsubscribed();
      const first = newCard();
      await subscribe(a, first).expect(201);
      const second = newCard({ last4: '1881' });
      await t.http.post('/api/protected/payment-methods').set(a.auth).send({ payment_method_id: second }).expect(201);
      await sendEvent({
        id: `evt_upd_${first}`,
        object: 'event',
        type: 'payment_method.automatically_updated',
        data: {
          object: {
            id: first,
            object: 'payment_method',
            card: { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2034 },
          },
        },
      }).expect(200);
      let cards = (await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200)).body.payment_methods;
      expect(
        cards.find((c: { provider_payment_method_id: string }) => c.provider_payment_method_id === first),
      ).toMatchObject({
        card_exp_month: 3,
        card_exp_year: 2034,
        is_default: true,
      });
      await sendEvent({
        id: `evt_det_${first}`,
        object: 'event',
        type: 'payment_method.detached',
        data: { object: { id: first, object: 'payment_method', card: null } },
      }).expect(200);
      cards = (await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200)).body.payment_methods;
      expect(cards).toEqual([expect.objectContaining({ provider_payment_method_id: second, is_default: true })]);
    });
  });

  it('sync collects a payment that succeeded at Stripe after the renewal failed', async () => {
    const { a, invoice } = await pastDueAccount();
    const [intentId] = [...fake.intents].find(([, intent]) => intent.metadata.invoice_id === invoice.id)!;
    const before = await t.http.post('/api/protected/subscriptions/sync').set(a.auth).expect(200);
    expect(before.body.subscription.status).toBe('past_due');
    fake.intents.get(intentId)!.status = 'succeeded';
    const after = await t.http.post('/api/protected/subscriptions/sync').set(a.auth).expect(200);
    expect(after.body.subscription.status).toBe('active');
    expect((await invoices(a))[0]).toMatchObject({ id: invoice.id, status: 'paid', email_sent: true });
    const payments = await t.http.get('/api/protected/subscriptions/payments').set(a.auth).expect(200);
    expect(payments.body.payments[0]).toMatchObject({ status: 'succeeded', failure_message: null });
  });

  it('sync re-reads the cards from Stripe', async () => {
    const a = await unsubscribed();
    const pm = newCard();
    await subscribe(a, pm).expect(201);
    fake.cards.get(pm)!.exp_year = 2039;
    const res = await t.http.post('/api/protected/subscriptions/sync').set(a.auth).expect(200);
    expect(res.body.has_valid_subscription).toBe(true);
    expect(fake.calls('GET', new RegExp(`^/v1/payment_methods/${pm}$`))).toHaveLength(1);
    const cards = await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200);
    expect(cards.body.payment_methods[0].card_exp_year).toBe(2039);
  });

  it('detaches a deleted card at Stripe', async () => {
    const a = await unsubscribed();
    const pm = newCard();
    await subscribe(a, pm).expect(201);
    const [card] = (await t.http.get('/api/protected/payment-methods').set(a.auth).expect(200)).body.payment_methods;
    // The only card of a renewing subscription stays until the subscription is set to cancel.
    await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
    await t.http.delete(`/api/protected/payment-methods/${card.id}`).set(a.auth).expect(200);
    expect(fake.calls('POST', new RegExp(`^/v1/payment_methods/${pm}/detach$`))).toHaveLength(1);
  });
});
