import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ownDatabase, type OwnDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const PERIODS = '/api/operator/interest-rates';

/**
 * JavaScript reads year 0 as a date and PostgreSQL refuses it, so DELETE and PUT of 0000-01-01 answered 500. Every day
 * that is not a real one from year 1 on is refused with 400 naming effective_from.
 */
describe("an interest period's day in the path", () => {
  let own: OwnDatabase;
  let t: TestApp;
  let operator: TestAccount;
  beforeAll(async () => {
    own = await ownDatabase('interest_dates');
    const email = uniqueEmail('operator');
    t = await createTestApp({ DATABASE_URL: own.url, OPERATOR_EMAILS: email });
    operator = await registerAccount(t.http, { email }, { subscribed: false, proven: true });
  });
  afterAll(async () => {
    await t.close();
    await own.drop();
  });

  it.each(['0000-01-01', '2026-02-31', '2026-13-01', 'not-a-day'])('DELETE %s answers 400 naming it', async (day) => {
    const res = await t.http.delete(`${PERIODS}/${day}`).set(operator.auth);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('effective_from');
  });

  it('PUT 0000-01-01 answers 400 naming it', async () => {
    const res = await t.http
      .put(`${PERIODS}/0000-01-01`)
      .set(operator.auth)
      .send({ effective_to: '2026-12-31', annual_rate: 0.09, source: 'IFTA, Inc.' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('effective_from');
  });

  it('DELETE of a real day no period starts on is still 404', async () => {
    await t.http.delete(`${PERIODS}/2031-01-01`).set(operator.auth).expect(404);
  });
});
