import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const RATES = '/api/protected/tax-rates-management';
const REPORT = {
  company_name: 'One Fact Freight',
  tax_period: 'Q1-2026',
  average_mpg: 5,
  status: 'draft',
  jurisdictions: [{ name: 'TX', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 200, tax_rate: 0.2 }],
};

/**
 * An action and its audit event are one fact: when the event cannot be written, the action is undone with it.
 * The suite breaks the audit table on purpose (a constraint refusing one action), so it has a database of its own.
 */
describe('an action and its audit event commit together', () => {
  let own: OwnDatabase;
  let t: TestApp;
  let db: DataSource;
  let a: TestAccount;
  beforeAll(async () => {
    own = await ownDatabase('audit');
    t = await createTestApp({ DATABASE_URL: own.url });
    db = t.app.get(DataSource);
    a = await registerAccount(t.http);
  });
  afterAll(async () => {
    await t.close();
    await own.drop();
  });

  const refusing = async (action: string, work: () => Promise<void>) => {
    await db.query(`ALTER TABLE audit_events ADD CONSTRAINT refuse_one CHECK (action <> '${action}')`);
    try {
      await work();
    } finally {
      await db.query('ALTER TABLE audit_events DROP CONSTRAINT refuse_one');
    }
  };

  it('keeps a report whose delete event could not be written, and its edit unmade', async () => {
    const report = (await t.http.post(REPORTS).set(a.auth).send(REPORT).expect(201)).body;
    await refusing('delete', async () => {
      await t.http.delete(`${REPORTS}/${report.id}`).set(a.auth).expect(500);
    });
    await refusing('update', async () => {
      await t.http.put(`${REPORTS}/${report.id}`).set(a.auth).send({ name: 'Renamed' }).expect(500);
    });
    const kept = (await t.http.get(`${REPORTS}/${report.id}`).set(a.auth).expect(200)).body;
    expect(kept.name).not.toBe('Renamed');
    await t.http.delete(`${REPORTS}/${report.id}`).set(a.auth).expect(200);
  });

  it("leaves a rate as it was when its change's event could not be written", async () => {
    const rate = (
      await t.http
        .post(RATES)
        .set(a.auth)
        .send({ name: 'Fact Land', abbreviation: 'FL', rate: 0.5, country: 'USA', effective_date: '2026-01-01' })
        .expect(201)
    ).body;
    await refusing('update', async () => {
      await t.http.put(`${RATES}/${rate.id}`).set(a.auth).send({ rate: 0.9 }).expect(500);
    });
    expect((await t.http.get(`${RATES}/${rate.id}`).set(a.auth).expect(200)).body.rate).toBe(0.5);
  });
});
