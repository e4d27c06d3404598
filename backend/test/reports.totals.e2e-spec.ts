import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ReportLineCode1764400300000 } from '../src/database/migrations/1764400300000-report-line-code.js';
import { ReportListAndTotals1764400000000 } from '../src/database/migrations/1764400000000-report-list-and-totals.js';
import { ReportPeriodOrder1764790000000 } from '../src/database/migrations/1764790000000-report-period-order.js';
import { CountedReportTotals1764710000100 } from '../src/database/migrations/1764710000100-counted-report-totals.js';
import { IFTA_JURISDICTIONS } from '../src/ifta/index.js';
import { keptTotals, recomputedTotals } from './helpers/report-totals-reference.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { seededRandom } from './helpers/seeded-random.js';

const REPORTS = '/api/protected/reports';

// A failing run can be replayed with TOTALS_SEED.
const SEED = Number(process.env.TOTALS_SEED ?? Date.now() % 1_000_000);
const { next: random, pick } = seededRandom(SEED);
const amount = (max: number) => Math.round(random() * max * 1000) / 1000;

// Members named every way the API accepts them, and a name of the account's own tax-rate table.
/** Spellings of one jurisdiction each: a report holds one line per jurisdiction, in any spelling. */
const SPELLINGS = [
  ['TX', 'tx', 'Texas'],
  ['OK', 'Oklahoma'],
  ['NM', 'new mexico'],
  ['AZ'],
  ['CA'],
  ['ON'],
  ['Kentucky Surcharge'],
];

/** `count` different jurisdictions, each in a random spelling. */
function distinctJurisdictions(count: number): string[] {
  const groups = [...SPELLINGS];
  return Array.from({ length: Math.min(count, groups.length) }, () => {
    const group = groups.splice(Math.floor(random() * groups.length), 1)[0];
    return pick(group);
  });
}

function randomBody(index: number) {
  const lines = 1 + Math.floor(random() * 6);
  return {
    name: `Totals ${index}`,
    company_name: 'Acme Freight LLC',
    average_mpg: random() < 0.15 ? 0 : Math.round((3 + random() * 8) * 100) / 100,
    status: random() < 0.3 ? 'final' : 'draft',
    jurisdictions: distinctJurisdictions(lines).map((name) => {
      const taxable = random() < 0.2 ? 0 : amount(3000);
      return {
        name,
        total_miles: taxable + 10,
        taxable_miles: taxable,
        gallons_purchased: amount(500),
        tax_rate: 0.25,
      };
    }),
  };
}

describe(`dashboard totals kept on write (seed ${SEED})`, () => {
  let t: TestApp;
  let db: DataSource;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    a = await registerAccount(t.http);
    b = await registerAccount(t.http, { company_name: 'Other Carrier Inc' });
    for (const account of [a, b]) {
      await db.query(
        `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active)
         VALUES ($1, 'Kentucky Surcharge', 'KYS', 0.1065, 'USA', true)`,
        [account.user.id],
      );
    }
  });
  afterAll(() => t.close());

  const expectConsistent = async (account: TestAccount) =>
    expect(await keptTotals(db, account.user.id)).toEqual(await recomputedTotals(db, account.user.id));

  /** One random write through the API; answers its status (races may answer 404 or 409, never 5xx). */
  async function randomOperation(account: TestAccount, ids: string[], index: number): Promise<number> {
    const roll = random();
    if (roll < 0.45 || ids.length === 0) {
      const res = await t.http.post(REPORTS).set(account.auth).send(randomBody(index));
      if (res.status === 201) ids.push(res.body.id);
      return res.status;
    }
    const id = pick(ids);
    if (roll < 0.65) {
      const res = await t.http.delete(`${REPORTS}/${id}`).set(account.auth);
      if (res.status === 200) ids.splice(ids.indexOf(id), 1);
      return res.status;
    }
    if (roll < 0.8) {
      // Fields only: the lines stay and are re-added under the report's new MPG and status.
      const body = { average_mpg: random() < 0.3 ? 0 : 7.5, ...(random() < 0.3 ? { status: 'final' } : {}) };
      return (await t.http.put(`${REPORTS}/${id}`).set(account.auth).send(body)).status;
    }
    const { name: _name, ...body } = randomBody(index);
    return (await t.http.put(`${REPORTS}/${id}`).set(account.auth).send(body)).status;
  }

  it('keys a member by its code however the line names it, and a custom name by itself', async () => {
    for (const { code, name } of IFTA_JURISDICTIONS) {
      const variants = [code, code.toLowerCase(), name, name.toUpperCase(), ` ${name.replace(/ /g, '  ')} `];
      const keys = (await db.query(`SELECT report_stats_key(n) AS key FROM unnest($1::text[]) n`, [
        variants,
      ])) as Array<{
        key: string;
      }>;
      expect({ name, keys: keys.map((k) => k.key) }).toEqual({ name, keys: variants.map(() => code) });
    }
    const [{ key }] = await db.query(`SELECT report_stats_key('Kentucky Surcharge') AS key`);
    expect(key).toBe('Kentucky Surcharge');
  });

  it('equals a recomputation from scratch after random sequential creates, edits and deletes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      expect([200, 201, 409]).toContain(await randomOperation(a, ids, i));
    }
    await expectConsistent(a);
    await expectConsistent(b);
    const stats = (await t.http.get(`${REPORTS}/stats`).set(a.auth).expect(200)).body;
    const names = stats.state_net_gallons.map((s: { name: string }) => s.name);
    expect(names.filter((n: string) => !['TX', 'OK', 'NM', 'AZ', 'CA', 'ON', 'KYS'].includes(n))).toEqual([]);
  });

  it('equals a recomputation after concurrent writes to the same jurisdictions and reports, without deadlock', async () => {
    const ids = new Map<TestAccount, string[]>([
      [a, []],
      [b, []],
    ]);
    for (const [account, own] of ids) {
      for (let i = 0; i < 4; i++) {
        const res = await t.http.post(REPORTS).set(account.auth).send(randomBody(i)).expect(201);
        own.push(res.body.id);
      }
    }
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      // 16 writers at once, most on one account: creates, edits and deletes of the same few reports and states.
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const account = i % 4 === 0 ? a : b;
          return randomOperation(account, ids.get(account)!, 100 + round * 16 + i);
        }),
      );
      statuses.push(...answers);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => ![200, 201, 404, 409].includes(s))).toEqual([]);
    await expectConsistent(a);
    await expectConsistent(b);
  });

  it('matches the dashboard figures: Texas, tx and TX are one state', async () => {
    const own = await registerAccount(t.http);
    const line = (name: string, taxable: number) => ({
      name,
      total_miles: taxable,
      taxable_miles: taxable,
      tax_rate: 0.2,
    });
    await t.http
      .post(REPORTS)
      .set(own.auth)
      .send({
        company_name: 'Acme',
        average_mpg: 10,
        jurisdictions: [line('Texas', 100), line('OK', 200)],
      })
      .expect(201);
    await t.http
      .post(REPORTS)
      .set(own.auth)
      .send({ company_name: 'Acme', average_mpg: 10, jurisdictions: [line('tx', 50)] })
      .expect(201);
    const stats = (await t.http.get(`${REPORTS}/stats`).set(own.auth).expect(200)).body;
    expect(stats.state_net_gallons).toEqual([
      { name: 'TX', net_gallons: 15 },
      { name: 'OK', net_gallons: 20 },
    ]);
    expect(stats).toMatchObject({ total_jurisdictions: 3, distinct_jurisdictions: 2 });
  });

  it('is backfilled by the migration from the reports already saved', async () => {
    const runner = db.createQueryRunner();
    // One transaction: a step that fails leaves the suite's database as it was, not without its totals tables for
    // every suite that runs on it next.
    await runner.startTransaction();
    try {
      // The later migrations that change what this one built come off first and back on last: the code-keyed and
      // counted totals, and the period index in calendar order.
      const migration = new ReportListAndTotals1764400000000();
      const lineCodes = new ReportLineCode1764400300000();
      const counted = new CountedReportTotals1764710000100();
      const periodOrder = new ReportPeriodOrder1764790000000();
      await periodOrder.down(runner);
      await counted.down(runner);
      await lineCodes.down(runner);
      await migration.down(runner);
      await migration.up(runner);
      await lineCodes.up(runner);
      await counted.up(runner);
      await periodOrder.up(runner);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
    await expectConsistent(a);
    await expectConsistent(b);
    expect((await keptTotals(db, a.user.id)).account).toMatchObject({ reports: expect.any(Number) });
  });
});
