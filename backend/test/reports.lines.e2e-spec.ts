import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ReportLineCode1764400300000 } from '../src/database/migrations/1764400300000-report-line-code.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** Canonical jurisdictions: codes on every line, non-IFTA lines, one line per jurisdiction and fuel. */
describe('report lines carry canonical jurisdiction codes', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const create = (body: object) => t.http.post('/api/protected/reports').set(a.auth).send(body);
  const report = (jurisdictions: object[]) => ({ company_name: 'Acme Freight LLC', average_mpg: 5, jurisdictions });

  it('stores the code for a name or a code, and a custom rate keeps its own abbreviation', async () => {
    await t.app.get(DataSource).query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active)
         VALUES ($1, 'Kentucky Surcharge', 'KYS', 0.1050, 'USA', true)`,
      [a.user.id],
    );
    const res = await create(
      report([
        { name: 'Texas', taxable_miles: 100, tax_rate: 0.2 },
        { name: 'ok', taxable_miles: 100, tax_rate: 0.19 },
        { name: 'Kentucky Surcharge', taxable_miles: 100, tax_rate: 0.105 },
      ]),
    ).expect(201);
    expect(res.body.jurisdictions.map((j: { name: string; code: string }) => [j.name, j.code])).toEqual([
      ['Texas', 'TX'],
      ['ok', 'OK'],
      ['Kentucky Surcharge', 'KYS'],
    ]);
  });

  it('accepts AK and Mexico as non-IFTA lines that count only in total miles and gallons', async () => {
    const res = await create(
      report([
        { name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.2 },
        { name: 'Alaska', total_miles: 900, taxable_miles: 900, gallons_purchased: 300, tax_rate: 0.5 },
        { name: 'MX', total_miles: 100, taxable_miles: 100, gallons_purchased: 10, tax_rate: 0.5 },
      ]),
    ).expect(201);
    expect(res.body.jurisdictions[1]).toMatchObject({
      code: 'AK',
      tax_rate: 0,
      gallons_consumed: 0,
      net_gallons: 0,
      tax_due: 0,
    });
    expect(res.body.jurisdictions[2]).toMatchObject({ code: 'MX', tax_due: 0 });
    expect(res.body.totals).toMatchObject({
      total_miles: 2600,
      taxable_miles: 1500,
      gallons_purchased: 510,
      tax_due: 20,
    });
  });

  it('refuses a second line for the same jurisdiction on update with a 400 naming it, and changes nothing', async () => {
    const saved = await create(report([{ name: 'TX', taxable_miles: 100, tax_rate: 0.2 }])).expect(201);
    const res = await t.http
      .put(`/api/protected/reports/${saved.body.id}`)
      .set(a.auth)
      .send({ jurisdictions: [{ name: 'tx', taxable_miles: 5 }, { name: 'AR' }, { name: 'Texas', taxable_miles: 7 }] })
      .expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['jurisdictions.2.name']);
    expect(res.body.error).toContain('repeats jurisdictions.0 (TX, diesel)');
    const after = await t.http.get(`/api/protected/reports/${saved.body.id}`).set(a.auth).expect(200);
    expect(after.body.jurisdictions).toEqual(saved.body.jurisdictions);
  });

  it('merges pasted lines for one jurisdiction ("TX" and "Texas") into one line with exact sums', async () => {
    const res = await t.http
      .post('/api/protected/calculator/paste-data')
      .set(a.auth)
      .send({ source: 'excel_paste', data: 'TX, 100.1, 10.2\nON, 50, 0\nTexas, 100.2, 10.1', average_mpg: 5 })
      .expect(200);
    expect(res.body.count).toBe(2);
    expect(res.body.entries[0]).toMatchObject({
      state_abbreviation: 'TX',
      miles_driven: 200.3,
      fuel_purchased: 20.3,
    });
    expect(res.body.entries[1].state_abbreviation).toBe('ON');
  });

  it('groups the dashboard by code, so "TX" and "Texas" are one state', async () => {
    const fresh = await registerAccount(t.http);
    const post = (name: string) =>
      t.http
        .post('/api/protected/reports')
        .set(fresh.auth)
        .send(report([{ name, taxable_miles: 100, gallons_purchased: 50, tax_rate: 0.2 }]))
        .expect(201);
    await post('TX');
    await post('Texas');
    const stats = await t.http.get('/api/protected/reports/stats').set(fresh.auth).expect(200);
    expect(stats.body.state_net_gallons).toEqual([{ name: 'TX', net_gallons: -60 }]);
  });

  it('the migration fills the code of existing lines from the member list, the rate table or the name', async () => {
    const db = t.app.get(DataSource);
    const saved = await create(
      report([{ name: 'Texas' }, { name: 'nunavut' }, { name: 'Kentucky Surcharge' }, { name: 'AR' }]),
    ).expect(201);
    const runner = db.createQueryRunner();
    const migration = new ReportLineCode1764400300000();
    try {
      await migration.down(runner);
      // A line whose name no list knows any more (e.g. a custom rate since deleted) keeps its name as code.
      await runner.query(`UPDATE report_jurisdictions SET name = 'Old Depot' WHERE report_id = $1 AND name = 'AR'`, [
        saved.body.id,
      ]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows: Array<{ name: string; code: string; fuel_type: string }> = await db.query(
      'SELECT name, code, fuel_type FROM report_jurisdictions WHERE report_id = $1 ORDER BY position',
      [saved.body.id],
    );
    expect(rows).toEqual([
      { name: 'Texas', code: 'TX', fuel_type: 'diesel' },
      { name: 'nunavut', code: 'NU', fuel_type: 'diesel' },
      { name: 'Kentucky Surcharge', code: 'KYS', fuel_type: 'diesel' },
      { name: 'Old Depot', code: 'OLD DEPOT', fuel_type: 'diesel' },
    ]);
  });
});
