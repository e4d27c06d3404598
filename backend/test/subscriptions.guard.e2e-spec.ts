import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REFUSAL = {
  statusCode: 403,
  error: 'Active subscription required to use this feature',
  code: 'SUBSCRIPTION_REQUIRED',
};

const REPORT = {
  company_name: 'Acme Freight LLC',
  license_number: 'OH-123456789',
  tax_period: 'Q1-2025',
  period: 'Q1-2025',
  average_mpg: 5,
  status: 'draft',
  jurisdictions: [{ name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.2 }],
};
const SETTINGS = {
  default_mpg: 6.4,
  preferred_currency: 'USD',
  date_format: 'MM/DD/YYYY',
  timezone: 'America/New_York',
  language: 'ru',
  email_notifications: true,
  report_reminders: true,
  company_address: '',
  company_phone: '',
  ifta_license_number: '',
  default_tax_period_type: 'quarterly',
};
const RATE = { name: 'Zed Land', abbreviation: 'ZZ', rate: 0.25, country: 'USA', is_active: true };

describe('SubscriptionGuard', () => {
  let t: TestApp;
  let clock: MovableClock;
  let paying: TestAccount;
  let reportId: string;
  let rateId: string;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
    paying = await registerAccount(t.http);
    reportId = (await t.http.post('/api/protected/reports').set(paying.auth).send(REPORT).expect(201)).body.id;
    const rates = await t.http.get('/api/protected/tax-rates').set(paying.auth).expect(200);
    rateId = rates.body[0].id;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  /** Every guarded call, with the status a subscribed account gets for it. */
  const guarded: Array<[string, (account: TestAccount) => Promise<Response>, number]> = [
    ['POST /reports', (a) => t.http.post('/api/protected/reports').set(a.auth).send(REPORT), 201],
    ['PUT /reports/:id', (a) => t.http.put(`/api/protected/reports/${reportId}`).set(a.auth).send({ name: 'x' }), 200],
    ['POST /reports/:id/export', (a) => t.http.post(`/api/protected/reports/${reportId}/export`).set(a.auth), 200],
    [
      'POST /calculation-sessions',
      (a) => t.http.post('/api/protected/calculation-sessions').set(a.auth).send({ name: 'Q1' }),
      201,
    ],
    ['GET /calculation-sessions', (a) => t.http.get('/api/protected/calculation-sessions').set(a.auth), 200],
    ['GET /calculator/template', (a) => t.http.get('/api/protected/calculator/template').set(a.auth), 200],
    [
      'POST /calculator/paste-data',
      (a) => t.http.post('/api/protected/calculator/paste-data').set(a.auth).send({ data: 'TX, 100, 10' }),
      200,
    ],
    ['POST /calculator/upload-excel', (a) => t.http.post('/api/protected/calculator/upload-excel').set(a.auth), 400],
    ['GET /tax-rates-management', (a) => t.http.get('/api/protected/tax-rates-management').set(a.auth), 200],
    [
      'POST /tax-rates-management',
      (a) => t.http.post('/api/protected/tax-rates-management').set(a.auth).send(RATE),
      201,
    ],
    [
      'PUT /tax-rates-management/bulk',
      (a) =>
        t.http
          .put('/api/protected/tax-rates-management/bulk')
          .set(a.auth)
          .send({ ids: [rateId], is_active: true }),
      200,
    ],
    [
      'GET /tax-rates-management/:id',
      (a) => t.http.get(`/api/protected/tax-rates-management/${rateId}`).set(a.auth),
      200,
    ],
    [
      'PUT /tax-rates-management/:id',
      (a) => t.http.put(`/api/protected/tax-rates-management/${rateId}`).set(a.auth).send({ rate: 0.3 }),
      200,
    ],
    [
      'DELETE /tax-rates-management/:id',
      (a) => t.http.delete(`/api/protected/tax-rates-management/${rateId}`).set(a.auth),
      200,
    ],
    ['PUT /user/settings', (a) => t.http.put('/api/protected/user/settings').set(a.auth).send(SETTINGS), 200],
    ['POST /user/settings/reset', (a) => t.http.post('/api/protected/user/settings/reset').set(a.auth), 200],
  ];

  describe.each(guarded)('%s', (_name, call, allowedStatus) => {
    it('is refused with the exact SUBSCRIPTION_REQUIRED body without a subscription', async () => {
      const res = await call(await registerAccount(t.http, {}, { subscribed: false }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSAL);
    });

    it('is allowed with one', async () => {
      const res = await call(paying);
      expect(res.status).toBe(allowedStatus);
    });
  });

  it('keeps the account, its settings, reports and rates readable without a subscription', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    await t.http.get('/api/protected/user/me').set(a.auth).expect(200);
    await t.http.get('/api/protected/user/settings').set(a.auth).expect(200);
    await t.http.get('/api/protected/reports').set(a.auth).expect(200);
    await t.http.get('/api/protected/tax-rates').set(a.auth).expect(200);
  });

  it('answers 401, not 403, without a token', async () => {
    await t.http.post('/api/protected/reports').send(REPORT).expect(401);
  });

  it('refuses once a canceled subscription reaches its period end', async () => {
    const a = await registerAccount(t.http);
    await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
    clock.advance(13 * DAY_MS);
    await t.http.get('/api/protected/calculator/template').set(a.auth).expect(200);
    clock.advance(2 * DAY_MS);
    const res = await t.http.get('/api/protected/calculator/template').set(a.auth).expect(403);
    expect(res.body).toEqual(REFUSAL);
  });

  describe('usage limits', () => {
    it('stops report creation at the Starter plan limit of 10 a month with a clear message', async () => {
      const a = await registerAccount(t.http, {}, { plan_id: 'starter' });
      for (let i = 0; i < 10; i += 1) {
        await t.http.post('/api/protected/reports').set(a.auth).send(REPORT).expect(201);
      }
      const res = await t.http.post('/api/protected/reports').set(a.auth).send(REPORT).expect(403);
      expect(res.body).toMatchObject({
        code: 'USAGE_LIMIT_REACHED',
        error: 'Limit reached: your Starter plan includes 10 reports per month. Upgrade your plan to create more.',
        feature: 'report_creation',
        limit: 10,
        used: 10,
      });
      const access = await t.http
        .get('/api/protected/subscriptions/feature-access?feature=report_creation')
        .set(a.auth)
        .expect(200);
      expect(access.body).toEqual({ feature: 'report_creation', has_access: false, reason: 'USAGE_LIMIT_REACHED' });
      // The limit is per report creation only: the rest of the plan stays open.
      await t.http.get('/api/protected/calculator/template').set(a.auth).expect(200);
    });

    it('lets an upgraded plan create more at once', async () => {
      const a = await registerAccount(t.http, {}, { plan_id: 'starter' });
      for (let i = 0; i < 10; i += 1) {
        await t.http.post('/api/protected/reports').set(a.auth).send(REPORT).expect(201);
      }
      await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'professional' }).expect(200);
      await t.http.post('/api/protected/reports').set(a.auth).send(REPORT).expect(201);
    });
  });

  describe('feature-access', () => {
    it('answers per feature for subscribed and unsubscribed accounts', async () => {
      const a = await registerAccount(t.http, {}, { subscribed: false });
      const no = await t.http.get('/api/protected/subscriptions/feature-access?feature=calculator').set(a.auth);
      expect(no.body).toEqual({ feature: 'calculator', has_access: false, reason: 'SUBSCRIPTION_REQUIRED' });
      const yes = await t.http.get('/api/protected/subscriptions/feature-access?feature=calculator').set(paying.auth);
      expect(yes.body).toEqual({ feature: 'calculator', has_access: true, reason: null });
    });

    it('refuses an unknown feature with a 400 naming the field', async () => {
      const res = await t.http
        .get('/api/protected/subscriptions/feature-access?feature=teleport')
        .set(paying.auth)
        .expect(400);
      expect(Object.keys(res.body.fields)).toEqual(['feature']);
    });
  });
});
