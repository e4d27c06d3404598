import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { SubscriptionRenewalsService } from '../src/subscriptions/subscription-renewals.service.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** An upgrade is charged the prorated difference at once; a downgrade waits for the period end. */
describe('plan upgrade proration', () => {
  let t: TestApp;
  let clock: MovableClock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  /** A Professional subscription past its 14-day trial, renewed into a paid month. */
  async function paidProfessional(): Promise<TestAccount> {
    const a = await registerAccount(t.http, {}, { plan_id: 'professional' });
    clock.advance(15 * DAY_MS);
    await t.app.get(SubscriptionRenewalsService).processDue(a.user.id);
    const res = await t.http.get('/api/protected/subscriptions/current').set(a.auth).expect(200);
    expect(res.body.subscription.status).toBe('active');
    return a;
  }

  const invoices = async (a: TestAccount) =>
    (await t.http.get('/api/protected/invoices').set(a.auth).expect(200)).body.invoices as Array<{
      plan_name: string;
      amount: number;
      status: string;
    }>;

  it('charges about half the difference halfway through a paid month, with its own paid invoice', async () => {
    const a = await paidProfessional();
    const current = (await t.http.get('/api/protected/subscriptions/current').set(a.auth).expect(200)).body
      .subscription;
    const start = Date.parse(current.current_period_start);
    const halfway = start + (Date.parse(current.current_period_end) - start) / 2;
    clock.advance(halfway - clock.now().getTime());
    // Before confirming, the preview names the price, the prorated charge and when; it writes nothing.
    const preview = (
      await t.http
        .get('/api/protected/subscriptions/plan-change-preview')
        .query({ plan_id: 'enterprise' })
        .set(a.auth)
        .expect(200)
    ).body;
    expect(preview).toMatchObject({
      plan_id: 'enterprise',
      plan_name: 'Enterprise',
      price: 129,
      currency: 'USD',
      interval: 'month',
      effect: 'now',
      next_renewal_at: current.current_period_end,
      next_renewal_price: 129,
    });
    // Half of Enterprise $129 - Professional $59 (give or take the test's own seconds), effective now.
    expect(preview.charged_now).toBeGreaterThanOrEqual(34.99);
    expect(preview.charged_now).toBeLessThanOrEqual(35.01);
    expect(Math.abs(Date.parse(preview.effective_at) - clock.now().getTime())).toBeLessThan(5_000);
    expect((await invoices(a)).some((invoice) => invoice.plan_name.includes('upgrade'))).toBe(false);
    const res = await t.http
      .put('/api/protected/subscriptions')
      .set(a.auth)
      .send({ plan_id: 'enterprise' })
      .expect(200);
    expect(res.body.subscription.plan_id).toBe('enterprise');
    const upgrade = (await invoices(a)).find((invoice) => invoice.plan_name.includes('upgrade (prorated)'));
    // Enterprise $129 - Professional $59 = $70; half a period left is $35 (give or take the test's own seconds).
    expect(upgrade).toMatchObject({ status: 'paid', plan_name: 'Professional to Enterprise upgrade (prorated)' });
    expect(Number(upgrade?.amount)).toBeGreaterThanOrEqual(34.99);
    expect(Number(upgrade?.amount)).toBeLessThanOrEqual(35.01);
  });

  it('charges nothing for a downgrade during a trial, which takes effect at once', async () => {
    const trial = await registerAccount(t.http, {}, { plan_id: 'enterprise' });
    // Its own plan: the preview says nothing would change (the PUT itself answers 409).
    const same = await t.http
      .get('/api/protected/subscriptions/plan-change-preview')
      .query({ plan_id: 'enterprise' })
      .set(trial.auth)
      .expect(200);
    expect(same.body).toMatchObject({ effect: 'same_plan', charged_now: 0 });
    const res = await t.http
      .put('/api/protected/subscriptions')
      .set(trial.auth)
      .send({ plan_id: 'starter' })
      .expect(200);
    expect(res.body.subscription).toMatchObject({ plan_id: 'starter', pending_plan_id: null });
    await t.http.put('/api/protected/subscriptions').set(trial.auth).send({ plan_id: 'enterprise' }).expect(200);
    expect(await invoices(trial)).toEqual([]);
  });

  it('keeps the paid plan until the period end on a downgrade, then renews on the lower plan', async () => {
    const a = await paidProfessional();
    const before = (await invoices(a)).length;
    const preview = (
      await t.http
        .get('/api/protected/subscriptions/plan-change-preview')
        .query({ plan_id: 'starter' })
        .set(a.auth)
        .expect(200)
    ).body;
    const paid = (await t.http.get('/api/protected/subscriptions/current').set(a.auth).expect(200)).body.subscription;
    expect(preview).toMatchObject({
      effect: 'period_end',
      charged_now: 0,
      price: 29,
      effective_at: paid.current_period_end,
      next_renewal_price: 29,
    });
    const res = await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'starter' }).expect(200);
    expect(res.body.subscription).toMatchObject({ plan_id: 'professional', pending_plan_id: 'starter' });
    const same = await t.http
      .get('/api/protected/subscriptions/plan-change-preview')
      .query({ plan_id: 'professional' })
      .set(a.auth)
      .expect(200);
    expect(same.body.effect).toBe('keep_current');
    await t.http
      .get('/api/protected/subscriptions/plan-change-preview')
      .query({ plan_id: 'no-such-plan' })
      .set(a.auth)
      .expect(400);
    expect((await invoices(a)).length).toBe(before);
    clock.advance(32 * DAY_MS);
    await t.app.get(SubscriptionRenewalsService).processDue(a.user.id);
    const after = await t.http.get('/api/protected/subscriptions/current').set(a.auth).expect(200);
    expect(after.body.subscription).toMatchObject({ plan_id: 'starter', pending_plan_id: null, status: 'active' });
    const renewal = (await invoices(a))[0];
    expect(renewal).toMatchObject({ plan_name: 'Starter', status: 'paid' });
    expect(Number(renewal.amount)).toBe(29);
  });

  it('calls a pending downgrade off when the current plan is chosen again', async () => {
    const a = await paidProfessional();
    await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'starter' }).expect(200);
    const res = await t.http
      .put('/api/protected/subscriptions')
      .set(a.auth)
      .send({ plan_id: 'professional' })
      .expect(200);
    expect(res.body.subscription).toMatchObject({ plan_id: 'professional', pending_plan_id: null });
    await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'professional' }).expect(409);
  });
});
