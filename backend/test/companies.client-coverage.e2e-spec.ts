import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

/**
 * A client company billed to its preparer read the preparer's subscription (its id, period and provider) in
 * /subscriptions/status. The client learns only whether it is covered, by which plan, and for how long.
 */
describe("a client company's view of the subscription that covers it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows the client its coverage and never the preparer's subscription", async () => {
    const preparer = await registerAccount(t.http, { company_name: 'Covering Preparer' });
    const own = (await t.http.get('/api/protected/subscriptions/status').set(preparer.auth).expect(200)).body;
    expect(own.subscription.id).toEqual(expect.any(String));
    const client = (
      await t.http
        .post('/api/protected/client-companies')
        .set(preparer.auth)
        .send({ name: 'Covered Client', billing: 'preparer' })
        .expect(201)
    ).body as { id: string };
    const inClient = (await t.http.post(`/api/protected/companies/${client.id}/switch`).set(preparer.auth).expect(200))
      .body as { token: string };

    const res = await t.http
      .get('/api/protected/subscriptions/status')
      .set('Authorization', `Bearer ${inClient.token}`)
      .expect(200);
    expect(res.body.subscription).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain(own.subscription.id);
    expect(res.body).toMatchObject({
      has_valid_subscription: true,
      plan: { name: own.plan.name },
      days_until_expiry: own.days_until_expiry,
      is_trial: own.is_trial,
    });
  });
});
