import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { TaxRateCurrentFlag1764500500000 } from '../src/database/migrations/1764500500000-tax-rate-current-flag.js';
import { seededRandom } from './helpers/seeded-random.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LIST = '/api/protected/tax-rates-management';
const Q2_MATRIX = readFileSync(
  new URL('../src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv', import.meta.url),
  'utf8',
);

/**
 * The rule from scratch, as the list asked it before the flag was kept: a rate is current unless it is active and a
 * later active rate of its jurisdiction, fuel type and kind exists. Written differently from the triggers (a probe
 * per row, not a window), so the two cannot share a mistake.
 */
const STALE_FLAGS = `
  SELECT t.id, t.abbreviation, t.effective_date::text, t.is_active, t.is_current FROM tax_rates t
  WHERE ($1::uuid IS NULL OR t.user_id = $1) AND t.is_current IS DISTINCT FROM (NOT t.is_active OR NOT EXISTS (
    SELECT 1 FROM tax_rates s WHERE s.user_id = t.user_id AND upper(s.abbreviation) = upper(t.abbreviation)
      AND s.fuel_type = t.fuel_type AND s.kind = t.kind AND s.is_active AND s.effective_date > t.effective_date))`;

/** Three jurisdictions the imported quarter and the seed both hold. */
const CODES = ['NV', 'OR', 'UT'];
const ACTIONS = ['create', 'update', 'bulk', 'delete', 'sql insert', 'sql update'] as const;
const DATES = ['2025-07-01', '2025-10-01', '2026-01-01', '2026-04-01', '2026-07-01'] as const;

describe('the current rate of each series, kept on write for the tax-rate page', () => {
  let t: TestApp;
  let db: DataSource;
  let account: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    account = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const staleFlags = (userId: string | null) => db.query(STALE_FLAGS, [userId]);

  it('a new account: every seeded rate is the only one of its series, so each is current', async () => {
    expect(await staleFlags(account.user.id)).toEqual([]);
    const [{ current }] = await db.query(
      `SELECT count(*) FILTER (WHERE is_current)::int AS current FROM tax_rates
       WHERE user_id = $1 AND fuel_type = 'diesel' AND kind = 'base'`,
      [account.user.id],
    );
    expect(current).toBe(58);
  });

  describe('an account with an earlier quarter imported', () => {
    let other: TestAccount;
    beforeAll(async () => {
      other = await registerAccount(t.http);
      await t.http
        .post(`${LIST}/matrix/apply`)
        .set(other.auth)
        .field('quarter', 'Q1-2026')
        .attach('file', Buffer.from(Q2_MATRIX.replaceAll('0.9710', '0.9000')), 'matrix.csv')
        .expect(200);
    });
    const californiaBase = (): Promise<Array<{ id: string; effective_date: string; is_current: boolean }>> =>
      db.query(
        `SELECT id, effective_date::text, is_current FROM tax_rates
         WHERE user_id = $1 AND abbreviation = 'CA' AND fuel_type = 'diesel' AND kind = 'base' ORDER BY effective_date`,
        [other.user.id],
      );

    const seriesRates = async (): Promise<Array<{ id: string }>> =>
      db.query(`SELECT id FROM tax_rates WHERE user_id = $1 AND abbreviation = ANY($2) ORDER BY created_at, id`, [
        other.user.id,
        CODES,
      ]);

    /**
     * One write on random rows of three series: the form, bulk activation and delete (a 409 for a second active
     * rate is a fine outcome), or SQL by hand, which the form's one-active rule does not stop from leaving two
     * active rates of different dates, the state that makes a rate superseded.
     */
    async function randomWrite(random: ReturnType<typeof seededRandom>): Promise<string> {
      const rates = await seriesRates();
      const someId = () => random.pick(rates).id;
      const code = random.pick(CODES);
      const date = random.pick(DATES);
      const active = random.next() < 0.6;
      const action = rates.length === 0 ? 'create' : random.pick(ACTIONS);
      const status = (res: { status: number }) => `${action} ${res.status}`;
      switch (action) {
        case 'create':
          return status(
            await t.http
              .post(LIST)
              .set(other.auth)
              .send({ name: `Zone ${code}`, abbreviation: code, rate: 0.25, country: 'USA', effective_date: date }),
          );
        case 'update':
          return status(
            await t.http
              .put(`${LIST}/${someId()}`)
              .set(other.auth)
              .send(random.next() < 0.3 ? { abbreviation: code } : { effective_date: date, is_active: active }),
          );
        case 'bulk':
          return status(
            await t.http
              .put(`${LIST}/bulk`)
              .set(other.auth)
              .send({ ids: [...new Set([someId(), someId()])], is_active: active }),
          );
        case 'delete':
          return status(await t.http.delete(`${LIST}/${someId()}`).set(other.auth));
        case 'sql insert':
          await db.query(
            `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active, effective_date)
             VALUES ($1, $2, $3, 0.3, 'USA', true, $4) ON CONFLICT DO NOTHING`,
            [other.user.id, `Zone ${code}`, code, date],
          );
          return action;
        case 'sql update':
          // A second active rate on the same date breaks the unique index: refused whole, like a 409.
          return db
            .query('UPDATE tax_rates SET effective_date = $2, is_active = $3 WHERE id = $1', [someId(), date, active])
            .then(
              () => action,
              () => `${action} refused`,
            );
      }
    }

    const superseded = async (): Promise<number> =>
      (
        await db.query(
          'SELECT count(*)::int AS n FROM tax_rates WHERE user_id = $1 AND abbreviation = ANY($2) AND NOT is_current',
          [other.user.id, CODES],
        )
      )[0].n;

    it('marks the imported quarter superseded, and the page keeps the newer rates', async () => {
      expect(await staleFlags(other.user.id)).toEqual([]);
      expect((await californiaBase()).map((rate) => [rate.effective_date, rate.is_current])).toEqual([
        ['2026-01-01', false],
        ['2026-04-01', true],
      ]);
      const page = await t.http.get(LIST).query({ search: 'California' }).set(other.auth).expect(200);
      expect(page.body.data.map((rate: { rate: number }) => rate.rate)).toEqual([0.971]);
    });

    it('stays equal to the rule after every one of 80 random writes', async () => {
      const random = seededRandom(14);
      const outcomes = new Set<string>();
      let mostSuperseded = 0;
      for (let step = 0; step < 80; step += 1) {
        outcomes.add(await randomWrite(random));
        expect({ step, stale: await staleFlags(other.user.id) }).toEqual({ step, stale: [] });
        mostSuperseded = Math.max(mostSuperseded, await superseded());
      }
      // The sequence reached the states that matter: second active rates refused, and superseded rates.
      expect(outcomes).toContain('create 409');
      expect(mostSuperseded).toBeGreaterThan(0);
    });

    it('stays equal to the rule after concurrent writes of one account', async () => {
      for (let round = 0; round < 5; round += 1) {
        const random = seededRandom(100 + round);
        await Promise.all(Array.from({ length: 8 }, () => randomWrite(random)));
        expect({ round, stale: await staleFlags(other.user.id) }).toEqual({ round, stale: [] });
      }
    });

    it('the migration marks the rates written before it', async () => {
      const runner = db.createQueryRunner();
      const migration = new TaxRateCurrentFlag1764500500000();
      // Rolled back: the suites sharing this database wait on the table's lock instead of seeing it without the flag.
      await runner.startTransaction();
      try {
        await migration.down(runner);
        await migration.up(runner);
        expect(await runner.query(STALE_FLAGS, [null])).toEqual([]);
        const [{ superseded }] = await runner.query(
          'SELECT count(*)::int AS superseded FROM tax_rates WHERE user_id = $1 AND NOT is_current',
          [other.user.id],
        );
        expect(superseded).toBeGreaterThanOrEqual(58);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });

    it('follows SQL written by hand: the newest rate moved back a year gives way to the imported one', async () => {
      const [, newest] = await californiaBase();
      await db.query(`UPDATE tax_rates SET effective_date = DATE '2025-04-01' WHERE id = $1`, [newest.id]);
      expect(await staleFlags(other.user.id)).toEqual([]);
      expect((await californiaBase()).map((rate) => [rate.effective_date, rate.is_current])).toEqual([
        ['2025-04-01', false],
        ['2026-01-01', true],
      ]);
    });
  });
});
