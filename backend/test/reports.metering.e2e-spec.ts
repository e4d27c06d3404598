import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const STARTER_LIMIT = 10;
const REFUSAL = {
  statusCode: 403,
  error: 'Active subscription required to use this feature',
  code: 'SUBSCRIPTION_REQUIRED',
};

/** The monthly cap counts what was created, and a rewrite of a report is metered too. */
describe('report metering', () => {
  let t: TestApp;
  let clock: MovableClock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const create = (a: TestAccount) => t.http.post(REPORTS).set(a.auth).send(SAMPLE_REPORT);
  const starter = () => registerAccount(t.http, {}, { plan_id: 'starter' });
  const featureAccess = async (a: TestAccount) =>
    (await t.http.get('/api/protected/subscriptions/feature-access?feature=report_creation').set(a.auth).expect(200))
      .body;

  /** A draft made last month: it is counted in that month's meter, not this one's. */
  async function lastMonthsDraft(a: TestAccount): Promise<string> {
    clock.advance(-31 * DAY_MS);
    const id = (await create(a).expect(201)).body.id as string;
    clock.reset();
    return id;
  }

  async function fillMonth(a: TestAccount): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < STARTER_LIMIT; i += 1) ids.push((await create(a).expect(201)).body.id);
    return ids;
  }

  it('does not give back room when reports are deleted (delete-then-create stays capped)', async () => {
    const a = await starter();
    const ids = await fillMonth(a);
    for (const id of ids.slice(0, 5)) await t.http.delete(`${REPORTS}/${id}`).set(a.auth).expect(200);
    const res = await create(a).expect(403);
    expect(res.body).toMatchObject({
      statusCode: 403,
      code: 'USAGE_LIMIT_REACHED',
      limit: STARTER_LIMIT,
      used: STARTER_LIMIT,
      message: expect.stringContaining('Limit reached'),
    });
    expect(await featureAccess(a)).toEqual({
      feature: 'report_creation',
      has_access: false,
      reason: 'USAGE_LIMIT_REACHED',
    });
  });

  it('refuses to rewrite a draft of an earlier month past the cap, and lets this month’s drafts be edited', async () => {
    const a = await starter();
    const old = await lastMonthsDraft(a);
    const ids = await fillMonth(a);
    const refused = await t.http.put(`${REPORTS}/${old}`).set(a.auth).send({ company_name: 'New Co' }).expect(403);
    expect(refused.body).toMatchObject({ code: 'USAGE_LIMIT_REACHED', feature: 'report_creation' });
    const kept = await t.http.get(`${REPORTS}/${old}`).set(a.auth).expect(200);
    expect(kept.body.company_name).toBe(SAMPLE_REPORT.company_name);
    await t.http.put(`${REPORTS}/${ids[0]}`).set(a.auth).send({ company_name: 'Edited Co' }).expect(200);
  });

  it('counts a rewrite of an earlier month’s draft in this month', async () => {
    const a = await starter();
    const old = await lastMonthsDraft(a);
    await t.http.put(`${REPORTS}/${old}`).set(a.auth).send({ company_name: 'New Co' }).expect(200);
    for (let i = 0; i < STARTER_LIMIT - 1; i += 1) await create(a).expect(201);
    await create(a).expect(403);
  });

  it('refuses PUT once the subscription has lapsed, with the exact SUBSCRIPTION_REQUIRED body', async () => {
    const a = await starter();
    const id = (await create(a).expect(201)).body.id as string;
    await t.http.delete('/api/protected/subscriptions').set(a.auth).expect(200);
    clock.advance(8 * DAY_MS); // past the 7-day Starter trial, which the cancel ends
    const res = await t.http.put(`${REPORTS}/${id}`).set(a.auth).send({ company_name: 'Late Co' }).expect(403);
    expect(res.body).toEqual(REFUSAL);
    const unsubscribed = await registerAccount(t.http, {}, { subscribed: false });
    const other = await t.http.put(`${REPORTS}/${id}`).set(unsubscribed.auth).send({ name: 'x' }).expect(403);
    expect(other.body).toEqual(REFUSAL);
  });

  it('does not meter export: a capped account still exports the reports it made', async () => {
    const a = await starter();
    const ids = await fillMonth(a);
    await create(a).expect(403);
    await t.http.post(`${REPORTS}/${ids[0]}/export`).set(a.auth).expect(200);
  });
});
