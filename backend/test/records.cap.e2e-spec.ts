import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const CAP = 10;
const CAP_MESSAGE =
  /^An account keeps at most 10 trips and fuel purchases together: it holds \d+, and \d+ more would pass that/;

/** `count` trips on distinct days from `firstDay` of April 2026, so no two files or rows are duplicates. */
const tripsCsv = (firstDay: number, count: number) =>
  ['Date,Unit,State,Miles']
    .concat(Array.from({ length: count }, (_, i) => `2026-04-${String(firstDay + i).padStart(2, '0')},T1,TX,10`))
    .join('\n');

/** `count` trips of unit `unit` on one day, each its own distance, so none repeats another. */
const unitTripsCsv = (unit: string, count: number) =>
  ['Date,Unit,State,Miles']
    .concat(Array.from({ length: count }, (_, i) => `2026-04-01,${unit},TX,${i + 1}`))
    .join('\n');

/** RECORDS_MAX_PER_ACCOUNT: trips and fuel purchases together, checked under the account's lock. */
describe('the cap on an account’s stored records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RECORDS_MAX_PER_ACCOUNT: String(CAP), UPLOAD_CONCURRENCY: '10' });
  });
  afterAll(() => t.close());

  const importTrips = (account: TestAccount, csv: string) =>
    t.http.post('/api/protected/trips/import').set(account.auth).attach('file', Buffer.from(csv), 'trips.csv');
  const stored = async (account: TestAccount) => {
    const count = async (path: string) =>
      (await t.http.get(path).set(account.auth).expect(200)).body.pagination.total as number;
    return (await count('/api/protected/trips')) + (await count('/api/protected/fuel-purchases'));
  };

  it('refuses an import or a new record past the cap with a 400 naming it, and writes nothing', async () => {
    const a = await registerAccount(t.http);
    expect((await importTrips(a, tripsCsv(1, 8))).status).toBe(200);
    const fuel = { date: '2026-05-02', unit: 'T1', jurisdiction: 'TX', quantity: 50 };
    await t.http.post('/api/protected/fuel-purchases').set(a.auth).send(fuel).expect(201);
    const refused = await importTrips(a, tripsCsv(10, 2));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(CAP_MESSAGE);
    expect(refused.body.error).toContain('it holds 9, and 2 more');
    const trip = { date: '2026-05-03', unit: 'T1', jurisdiction: 'TX', miles: 5 };
    await t.http.post('/api/protected/trips').set(a.auth).send(trip).expect(201);
    const one = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ ...trip, date: '2026-05-04' })
      .expect(400);
    expect(one.body.error).toMatch(CAP_MESSAGE);
    expect(await stored(a)).toBe(CAP);
  });

  it('holds when 20 records are added at once at 8 of 10: two are stored', async () => {
    const a = await registerAccount(t.http);
    expect((await importTrips(a, tripsCsv(1, 8))).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.http
          .post('/api/protected/trips')
          .set(a.auth)
          .send({ date: '2026-06-01', unit: `T${i}`, jurisdiction: 'TX', miles: 5 }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.status !== 201)) expect(res.body.error).toMatch(CAP_MESSAGE);
    expect(await stored(a)).toBe(CAP);
  }, 60_000);

  it('holds when imports arrive at once on two replicas: 6 files of 3,000 rows against a cap of 10,000 store 9,000', async () => {
    // Big enough files that one import's insert is still running when another counts.
    const cap = { RECORDS_MAX_PER_ACCOUNT: '10000', UPLOAD_CONCURRENCY: '10' };
    const [first, second] = [await createTestApp(cap), await createTestApp(cap)];
    try {
      const a = await registerAccount(first.http);
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) =>
          (i % 2 === 0 ? first : second).http
            .post('/api/protected/trips/import')
            .set(a.auth)
            .attach('file', Buffer.from(unitTripsCsv(`U${i}`, 3000)), 'trips.csv'),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 400, 400, 400]);
      for (const res of answers.filter((r) => r.status === 400)) {
        expect(res.body.error).toMatch(/^An account keeps at most 10,000 trips and fuel purchases together/);
      }
      const trips = await first.http.get('/api/protected/trips').set(a.auth).expect(200);
      expect(trips.body.pagination.total).toBe(9000);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 120_000);
});
