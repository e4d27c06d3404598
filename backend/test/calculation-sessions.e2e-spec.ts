import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const URL = '/api/protected/calculation-sessions';

describe('calculation sessions API', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    b = await registerAccount(t.http);
    const db = t.app.get(DataSource);
    await db.query('DELETE FROM tax_rates WHERE user_id = $1', [a.user.id]);
    await db.query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active) VALUES ($1, 'Texas', 'TX', 0.2, 'USA', true)`,
      [a.user.id],
    );
  });
  afterAll(() => t.close());

  const create = (account: TestAccount, body: object) => t.http.post(URL).set(account.auth).send(body).expect(201);

  it('creates a session, recomputing entries from the account rates and the session MPG', async () => {
    const res = await create(a, {
      name: 'Q1 fuel cards',
      company_name: 'Acme Freight LLC',
      period: 'Q1-2025',
      average_mpg: 5,
      entries: [
        { state: 'Texas', miles_driven: 1500, total_miles: 1600, fuel_purchased: 200, tax_due: 9999 },
        { state: 'ON', state_abbreviation: 'ON', miles_driven: 0, fuel_purchased: 100, tax_rate: 0.35 },
      ],
    });
    expect(res.body).toEqual({
      id: expect.any(String),
      _id: res.body.id,
      name: 'Q1 fuel cards',
      company_name: 'Acme Freight LLC',
      license_number: '',
      tax_period: 'Q1-2025',
      period: 'Q1-2025',
      average_mpg: 5,
      status: 'draft',
      entry_count: 2,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      entries: [
        {
          state: 'Texas',
          state_abbreviation: 'TX',
          tax_rate: 0.2,
          miles_driven: 1500,
          total_miles: 1600,
          fuel_purchased: 200,
          fuel_consumed: 300,
          net_gallons: 100,
          tax_due: 20,
        },
        {
          state: 'Ontario',
          state_abbreviation: 'ON',
          tax_rate: 0.35,
          miles_driven: 0,
          total_miles: 0,
          fuel_purchased: 100,
          fuel_consumed: 0,
          net_gallons: -100,
          tax_due: -35,
        },
      ],
    });
    await t.http.get(`${URL}/${res.body.id}`).set(a.auth).expect(200, res.body);
  });

  it('refuses an unknown state and a negative number, naming the field', async () => {
    const unknown = await t.http
      .post(URL)
      .set(a.auth)
      .send({ entries: [{ state: 'Atlantis' }] })
      .expect(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['entries.0.state']);
    const negative = await t.http
      .post(URL)
      .set(a.auth)
      .send({ entries: [{ state: 'TX', fuel_purchased: -1 }] })
      .expect(400);
    expect(Object.keys(negative.body.fields)).toEqual(['entries.0.fuel_purchased']);
    await t.http.post(URL).set(a.auth).send({ status: 'final' }).expect(400);
  });

  it('sums the entries per jurisdiction in /summary with the ifta math', async () => {
    const session = await create(a, {
      average_mpg: 5,
      entries: [
        { state: 'TX', miles_driven: 1000, fuel_purchased: 100 },
        { state: 'ON', miles_driven: 0, fuel_purchased: 100, tax_rate: 0.35 },
        { state: 'TX', miles_driven: 500, fuel_purchased: 100 },
      ],
    });
    const res = await t.http.get(`${URL}/${session.body.id}/summary`).set(a.auth).expect(200);
    expect(res.body).toEqual({
      id: session.body.id,
      average_mpg: 5,
      entry_count: 3,
      jurisdictions: [
        expect.objectContaining({ state_abbreviation: 'TX', miles_driven: 1500, fuel_purchased: 200, tax_due: 20 }),
        expect.objectContaining({ state_abbreviation: 'ON', fuel_purchased: 100, tax_due: -35 }),
      ],
      totals: {
        total_miles: 1500,
        miles_driven: 1500,
        fuel_purchased: 300,
        fuel_consumed: 300,
        net_gallons: 0,
        tax_due: -15,
        is_no_tax_due: false,
      },
    });
  });

  it('updates fields, recomputes kept entries at a new MPG, and replaces entries when sent', async () => {
    const session = await create(a, { average_mpg: 5, entries: [{ state: 'TX', miles_driven: 1000 }] });
    const url = `${URL}/${session.body.id}`;
    const changed = await t.http.put(url).set(a.auth).send({ average_mpg: 10, status: 'completed' }).expect(200);
    expect(changed.body).toMatchObject({ status: 'completed', average_mpg: 10, entries: [{ fuel_consumed: 100 }] });
    const replaced = await t.http
      .put(url)
      .set(a.auth)
      .send({ entries: [{ state: 'OK', miles_driven: 50 }] })
      .expect(200);
    expect(replaced.body.entries).toEqual([expect.objectContaining({ state_abbreviation: 'OK', fuel_consumed: 5 })]);
    await t.http.delete(url).set(a.auth).expect(200, { id: session.body.id, deleted: true });
    await t.http.get(url).set(a.auth).expect(404);
  });

  it("answers 404 for another account's session on every route", async () => {
    const session = await create(a, { name: 'mine' });
    const url = `${URL}/${session.body.id}`;
    await t.http.get(url).set(b.auth).expect(404);
    await t.http.get(`${url}/summary`).set(b.auth).expect(404);
    await t.http.put(url).set(b.auth).send({ name: 'theirs' }).expect(404);
    await t.http.delete(url).set(b.auth).expect(404);
    await t.http.get(`${URL}/not-a-uuid`).set(a.auth).expect(404);
    const read = await t.http.get(url).set(a.auth).expect(200);
    expect(read.body.name).toBe('mine');
    const list = await t.http.get(URL).set(b.auth).expect(200);
    expect(list.body.data.map((s: { id: string }) => s.id)).not.toContain(session.body.id);
  });

  describe('list filters', () => {
    let c: TestAccount;
    const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((s) => s.name);
    beforeAll(async () => {
      c = await registerAccount(t.http);
      const rows = [
        { name: 'Alpha 100%', company_name: 'Acme Freight', period: 'Q1-2025', status: 'draft' },
        { name: 'bravo', company_name: 'Blue_Line Trucking', period: 'Q2-2025', status: 'completed' },
        { name: 'Charlie', company_name: 'Acme Freight', period: 'Q1-2025', status: 'completed' },
        { name: 'delta', company_name: 'Delta Haulers', period: 'Q3-2025', status: 'draft' },
      ];
      for (const row of rows) await create(c, row);
      // Touch Alpha last, so updated_at differs from created_at order.
      const list = await t.http.get(`${URL}?search=Alpha`).set(c.auth).expect(200);
      await t.http.put(`${URL}/${list.body.data[0].id}`).set(c.auth).send({ license_number: 'X1' }).expect(200);
    });

    it('lists newest first by default with pagination', async () => {
      const res = await t.http.get(URL).set(c.auth).expect(200);
      expect(names(res)).toEqual(['delta', 'Charlie', 'bravo', 'Alpha 100%']);
      expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
      expect(res.body.data[0]).not.toHaveProperty('entries');
      expect(res.body.data[0].entry_count).toBe(0);
    });

    it('pages with page and limit', async () => {
      const res = await t.http.get(`${URL}?page=2&limit=3`).set(c.auth).expect(200);
      expect(names(res)).toEqual(['Alpha 100%']);
      expect(res.body.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    });

    it('filters by status and by period', async () => {
      expect(names(await t.http.get(`${URL}?status=completed`).set(c.auth).expect(200))).toEqual(['Charlie', 'bravo']);
      expect(names(await t.http.get(`${URL}?period=Q1-2025`).set(c.auth).expect(200))).toEqual([
        'Charlie',
        'Alpha 100%',
      ]);
      expect(names(await t.http.get(`${URL}?period=Q1-2025&status=draft`).set(c.auth).expect(200))).toEqual([
        'Alpha 100%',
      ]);
    });

    it('searches name and company case-insensitively, with % and _ taken literally', async () => {
      expect(names(await t.http.get(`${URL}?search=ACME`).set(c.auth).expect(200))).toEqual(['Charlie', 'Alpha 100%']);
      expect(names(await t.http.get(`${URL}?search=100%25`).set(c.auth).expect(200))).toEqual(['Alpha 100%']);
      expect(names(await t.http.get(`${URL}?search=e_l`).set(c.auth).expect(200))).toEqual(['bravo']);
      expect(names(await t.http.get(`${URL}?search=%25`).set(c.auth).expect(200))).toEqual(['Alpha 100%']);
    });

    it('sorts by name, company and dates, with "-" or order=desc for descending', async () => {
      const sorted = async (query: string) => names(await t.http.get(`${URL}?${query}`).set(c.auth).expect(200));
      expect(await sorted('sort=name')).toEqual(['Alpha 100%', 'bravo', 'Charlie', 'delta']);
      expect(await sorted('sort=-name')).toEqual(['delta', 'Charlie', 'bravo', 'Alpha 100%']);
      expect(await sorted('sort=name&order=desc')).toEqual(['delta', 'Charlie', 'bravo', 'Alpha 100%']);
      expect(await sorted('sort=created_at')).toEqual(['Alpha 100%', 'bravo', 'Charlie', 'delta']);
      expect((await sorted('sort=-updated_at'))[0]).toBe('Alpha 100%');
      expect(await sorted('order=asc')).toEqual(['Alpha 100%', 'bravo', 'Charlie', 'delta']);
      expect((await sorted('sort=company_name'))[0]).toMatch(/Alpha|Charlie/);
    });

    it.each(['status=final', 'sort=price', 'order=up', 'page=0', 'limit=101'])(
      'refuses %s with a 400',
      async (query) => {
        await t.http.get(`${URL}?${query}`).set(c.auth).expect(400);
      },
    );
  });
});
