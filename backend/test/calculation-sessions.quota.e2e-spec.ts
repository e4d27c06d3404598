import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MAX_SESSION_ENTRIES, MAX_SESSIONS_PER_ACCOUNT } from '../src/calculation-sessions/dto/session-input.dto.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const URL = '/api/protected/calculation-sessions';
const REFUSAL = {
  statusCode: 403,
  error: 'Active subscription required to use this feature',
  code: 'SUBSCRIPTION_REQUIRED',
};
const SESSION = {
  name: 'Q1 fuel cards',
  average_mpg: 6,
  entries: [{ state: 'TX', miles_driven: 1500, total_miles: 1600, fuel_purchased: 200 }],
};

/** Sessions are the paid calculator, with a cap per account and per session. */
describe('calculation sessions need the calculator feature and have quotas', () => {
  let t: TestApp;
  let paying: TestAccount;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    paying = await registerAccount(t.http);
    sessionId = (await t.http.post(URL).set(paying.auth).send(SESSION).expect(201)).body.id;
  });
  afterAll(() => t.close());

  it('refuses every session route to an account that never subscribed', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const calls = [
      t.http.post(URL).set(a.auth).send(SESSION),
      t.http.get(URL).set(a.auth),
      t.http.get(`${URL}/${sessionId}`).set(a.auth),
      t.http.get(`${URL}/${sessionId}/summary`).set(a.auth),
      t.http.put(`${URL}/${sessionId}`).set(a.auth).send({ name: 'x' }),
      t.http.delete(`${URL}/${sessionId}`).set(a.auth),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSAL);
    }
    const count = await t.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM calculation_sessions WHERE user_id = $1', [a.user.id]);
    expect(count[0].n).toBe(0);
  });

  it(`stops at ${MAX_SESSIONS_PER_ACCOUNT} sessions per account with a 403 in the one error shape`, async () => {
    const a = await registerAccount(t.http);
    await t.app
      .get(DataSource)
      .query(
        `INSERT INTO calculation_sessions (user_id, name) SELECT $1, 'filler ' || n FROM generate_series(1, $2) AS n`,
        [a.user.id, MAX_SESSIONS_PER_ACCOUNT - 1],
      );
    const last = await t.http.post(URL).set(a.auth).send(SESSION).expect(201);
    const res = await t.http.post(URL).set(a.auth).send(SESSION).expect(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: expect.stringContaining(`at most ${MAX_SESSIONS_PER_ACCOUNT} calculation sessions`),
      message: expect.stringContaining(`at most ${MAX_SESSIONS_PER_ACCOUNT} calculation sessions`),
      code: 'SESSION_LIMIT_REACHED',
      limit: MAX_SESSIONS_PER_ACCOUNT,
    });
    await t.http.delete(`${URL}/${last.body.id}`).set(a.auth).expect(200);
    await t.http.post(URL).set(a.auth).send(SESSION).expect(201);
  });

  it('makes room at the cap by removing the oldest completed session, never an unfinished one', async () => {
    const a = await registerAccount(t.http);
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO calculation_sessions (user_id, name, status, updated_at)
       SELECT $1, 'filler ' || n, CASE WHEN n <= 2 THEN 'completed' ELSE 'draft' END, now() - n * interval '1 day'
         FROM generate_series(1, $2) AS n`,
      [a.user.id, MAX_SESSIONS_PER_ACCOUNT],
    );
    await t.http.post(URL).set(a.auth).send(SESSION).expect(201);
    const names = async () =>
      (
        (await db.query(`SELECT name FROM calculation_sessions WHERE user_id = $1 AND status = 'completed'`, [
          a.user.id,
        ])) as Array<{ name: string }>
      ).map((row) => row.name);
    // filler 2 was the older completed one (two days ago); filler 1 stays.
    expect(await names()).toEqual(['filler 1']);
    await t.http.post(URL).set(a.auth).send(SESSION).expect(201);
    expect(await names()).toEqual([]);
    await t.http.post(URL).set(a.auth).send(SESSION).expect(403);
  });

  it(`refuses more than ${MAX_SESSION_ENTRIES} entries in one session with a 400 naming entries`, async () => {
    const entries = Array.from({ length: MAX_SESSION_ENTRIES + 1 }, () => SESSION.entries[0]);
    for (const res of [
      await t.http
        .post(URL)
        .set(paying.auth)
        .send({ ...SESSION, entries }),
      await t.http.put(`${URL}/${sessionId}`).set(paying.auth).send({ entries }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: `entries must hold at most ${MAX_SESSION_ENTRIES} entries`,
        fields: { entries: `entries must hold at most ${MAX_SESSION_ENTRIES} entries` },
      });
    }
  });
});
