import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Often enough that requests lose their connection at every step of the route (the test checks some did). */
const KILL_EVERY_MS = 150;
const INVITATIONS = 240;
const AT_ONCE = 6;

/**
 * A database connection killed under a request is an outage the client may retry, whichever layer notices it
 * first: the driver (connection terminated), PostgreSQL (57P01) or TypeORM, which releases a transaction's query
 * runner when its connection ends and then answers "already released" to the transaction's next query. The
 * invitation route, a transaction that also enqueues an e-mail, answered 500 for the last of these.
 */
describe('invitations while database connections are killed', () => {
  let own: OwnDatabase;
  let t: TestApp;
  beforeAll(async () => {
    // A database of its own: the kills below end every connection to it, and no other suite's.
    own = await ownDatabase('members_lost');
    t = await createTestApp({ DATABASE_URL: own.url, INVITATION_RATE_LIMIT: '100000' });
  });
  afterAll(async () => {
    delete process.env.INVITATION_RATE_LIMIT;
    await t.close();
    await own.drop();
  });

  it('answers every invitation 201 or 503 with Retry-After, never 500', async () => {
    // A company holds 50 seats, pending invitations included: the invitations are spread over enough companies.
    const owners = [];
    for (let i = 0; i < AT_ONCE; i += 1) owners.push(await registerAccount(t.http));
    const killer = new pg.Client({ connectionString: own.url });
    await killer.connect();
    let kills = 0;
    const killing = setInterval(() => {
      killer
        .query(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
        .then((res) => (kills += (res.rows[0] as { n: number }).n))
        .catch(() => undefined);
    }, KILL_EVERY_MS);
    const answers: Array<{ status: number; retryAfter?: string; error?: unknown }> = [];
    try {
      for (let sent = 0; sent < INVITATIONS; sent += AT_ONCE) {
        const batch = await Promise.all(
          owners.map((owner) =>
            t.http
              .post('/api/protected/members/invitations')
              .set(owner.auth)
              .send({ email: uniqueEmail('invitee'), role: 'viewer' }),
          ),
        );
        for (const res of batch) {
          answers.push({ status: res.status, retryAfter: res.headers['retry-after'], error: res.body?.error });
        }
      }
    } finally {
      clearInterval(killing);
      await killer.end();
    }
    expect(kills).toBeGreaterThan(0);
    const statuses = new Set(answers.map((answer) => answer.status));
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
    // Both outcomes happened: the kills hit requests, and requests got through between them.
    expect(statuses).toEqual(new Set([201, 503]));
    for (const answer of answers.filter((a) => a.status === 503)) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    // The app is well once the kills stop.
    await sleep(100);
    await t.http
      .post('/api/protected/members/invitations')
      .set(owners[0].auth)
      .send({ email: uniqueEmail('after'), role: 'viewer' })
      .expect(201);
  }, 120_000);
});
