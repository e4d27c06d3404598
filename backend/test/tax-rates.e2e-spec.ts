import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LIST = '/api/protected/tax-rates-management';

interface Rate {
  id: string;
  name: string;
  abbreviation: string;
  rate: number;
  country: 'USA' | 'Canada';
  is_active: boolean;
  effective_date: string;
  created_at: string;
  updated_at: string;
}

const NEW_RATE = {
  name: 'Test Territory',
  abbreviation: 'tt',
  rate: 0.1234,
  country: 'USA',
  is_active: true,
  effective_date: '2026-07-01T00:00:00.000Z',
};

describe('tax rates', () => {
  let t: TestApp;
  let shared: TestAccount; // read-only tests share one freshly seeded account
  beforeAll(async () => {
    t = await createTestApp();
    shared = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const list = (account: TestAccount, query: Record<string, string | number> = {}) =>
    t.http.get(LIST).query(query).set(account.auth);
  const all = async (account: TestAccount): Promise<Rate[]> =>
    (await list(account, { limit: 1000 }).expect(200)).body.data;
  const byCode = async (account: TestAccount, code: string): Promise<Rate> =>
    (await all(account)).find((r) => r.abbreviation === code)!;

  describe('seed at registration', () => {
    it('gives a new account the 58 IFTA diesel rates, active, effective 2026-04-01', async () => {
      const res = await t.http.get('/api/protected/tax-rates').set(shared.auth).expect(200);
      const rows: Rate[] = res.body;
      expect(rows).toHaveLength(58);
      expect(rows.filter((r) => r.country === 'USA')).toHaveLength(48);
      expect(rows.filter((r) => r.country === 'Canada')).toHaveLength(10);
      expect(rows.every((r) => r.is_active && r.effective_date === '2026-04-01')).toBe(true);
      expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));
    });

    it.each([
      ['CA', 'California', 0.971],
      ['IL', 'Illinois', 0.738],
      ['KY', 'Kentucky', 0.22],
      ['VA', 'Virginia', 0.327],
      ['ON', 'Ontario', 0.249],
      ['OR', 'Oregon', 0],
    ])('seeds %s (%s) at %d $/gal', async (code, name, rate) => {
      const row = await byCode(shared, code);
      expect(row).toMatchObject({ name, abbreviation: code, rate });
      expect(typeof row.rate).toBe('number');
    });

    it('answers every field of a rate in the documented shape', async () => {
      const row = await byCode(shared, 'ON');
      expect(Object.keys(row).sort()).toEqual([
        'abbreviation',
        'country',
        'created_at',
        'effective_date',
        'id',
        'is_active',
        'name',
        'rate',
        'updated_at',
      ]);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
      expect(row.country).toBe('Canada');
    });
  });

  describe('list rows are the rates themselves (the page is built by PostgreSQL)', () => {
    it('answers each row of every page exactly as the one-rate route and the spec table do', async () => {
      const table: Rate[] = (await t.http.get('/api/protected/tax-rates').set(shared.auth).expect(200)).body;
      const paged: Rate[] = [];
      for (let page = 1; page <= 3; page++) paged.push(...(await list(shared, { page }).expect(200)).body.data);
      expect(paged).toEqual(table);
      for (const row of paged.slice(0, 5)) {
        expect((await t.http.get(`${LIST}/${row.id}`).set(shared.auth).expect(200)).body).toEqual(row);
      }
    });

    it('adds fuel type, kind and the CAD/L figure (a number or null) only to a history page', async () => {
      const body = (await list(shared, { fuel_type: 'diesel', limit: 100 }).expect(200)).body;
      expect(body.data.length).toBeGreaterThan(58);
      const spec = new Map((await all(shared)).map((rate) => [rate.id, rate]));
      for (const row of body.data) {
        const { fuel_type, kind, rate_cad_per_litre, ...rest } = row;
        expect({ fuel_type, kind }).toEqual({ fuel_type: 'diesel', kind: expect.stringMatching(/^(base|surcharge)$/) });
        expect(rate_cad_per_litre === null || typeof rate_cad_per_litre === 'number').toBe(true);
        expect(typeof rest.rate).toBe('number');
        expect(new Date(rest.created_at).toISOString()).toBe(rest.created_at);
        // A base rate of the spec table is the same row there, field for field.
        if (spec.has(row.id)) expect(rest).toEqual(spec.get(row.id));
      }
      expect(body.data.filter((row: Rate) => spec.has(row.id))).toHaveLength(58);
    });
  });

  describe('list: envelope, filters and sorting', () => {
    it('defaults to page 1 of 20, sorted by name A-Z', async () => {
      const res = await list(shared).expect(200);
      expect(res.body.pagination).toEqual({ total: 58, totalPages: 3, page: 1, limit: 20 });
      expect(res.body.data).toHaveLength(20);
      expect(res.body.data[0].name).toBe('Alabama');
      expect(res.body.data[1].name).toBe('Alberta');
    });

    it('searches name case-insensitively', async () => {
      const res = await list(shared, { search: 'CAROL' }).expect(200);
      expect(res.body.data.map((r: Rate) => r.abbreviation)).toEqual(['NC', 'SC']);
      expect(res.body.pagination.total).toBe(2);
    });

    it('searches the abbreviation case-insensitively', async () => {
      const res = await list(shared, { search: 'qc' }).expect(200);
      expect(res.body.data.map((r: Rate) => r.name)).toEqual(['Quebec']);
    });

    it('treats % and _ in the search as literal characters', async () => {
      expect((await list(shared, { search: '%' }).expect(200)).body.pagination.total).toBe(0);
      expect((await list(shared, { search: '_' }).expect(200)).body.pagination.total).toBe(0);
      expect((await list(shared, { search: 'N_w' }).expect(200)).body.pagination.total).toBe(0);
    });

    it('ignores a blank search', async () => {
      expect((await list(shared, { search: '   ' }).expect(200)).body.pagination.total).toBe(58);
    });

    it.each([
      ['USA', 48],
      ['Canada', 10],
    ])('filters by country %s', async (country, count) => {
      const res = await list(shared, { country, limit: 100 }).expect(200);
      expect(res.body.pagination.total).toBe(count);
      expect(res.body.data.every((r: Rate) => r.country === country)).toBe(true);
    });

    it('filters by status, and combines filters', async () => {
      const a = await registerAccount(t.http);
      const ids = [(await byCode(a, 'ON')).id, (await byCode(a, 'TX')).id];
      await t.http.put(`${LIST}/bulk`).set(a.auth).send({ ids, is_active: false }).expect(200);

      const inactive = await list(a, { is_active: 'false' }).expect(200);
      expect(inactive.body.data.map((r: Rate) => r.abbreviation)).toEqual(['ON', 'TX']);
      expect((await list(a, { is_active: 'true' }).expect(200)).body.pagination.total).toBe(56);
      const combined = await list(a, { is_active: 'false', country: 'Canada', search: 'on' }).expect(200);
      expect(combined.body.data.map((r: Rate) => r.abbreviation)).toEqual(['ON']);
    });

    const sorted = <T>(values: T[], compare: (a: T, b: T) => number) => [...values].sort(compare);
    it.each([
      ['name', 'asc'],
      ['name', 'desc'],
      ['rate', 'asc'],
      ['rate', 'desc'],
      ['effective_date', 'asc'],
      ['effective_date', 'desc'],
      ['created_at', 'asc'],
      ['created_at', 'desc'],
    ])('sorts by %s %s', async (sort, order) => {
      const a = await registerAccount(t.http);
      // Rows that differ from the seed in every sortable field, created after it.
      await t.http
        .post(LIST)
        .set(a.auth)
        .send({ ...NEW_RATE, name: 'aaa first', abbreviation: 'A1', rate: 5, effective_date: '2020-01-01' })
        .expect(201);
      await t.http
        .post(LIST)
        .set(a.auth)
        .send({ ...NEW_RATE, name: 'Zzz last', abbreviation: 'Z1', rate: 0.0001, effective_date: '2030-12-31' })
        .expect(201);
      const rows: Rate[] = (await list(a, { sort, order, limit: 1000 }).expect(200)).body.data;
      expect(rows).toHaveLength(60);
      const sign = order === 'asc' ? 1 : -1;
      const key = (r: Rate): string | number =>
        sort === 'name'
          ? r.name.toLowerCase()
          : sort === 'rate'
            ? r.rate
            : sort === 'effective_date'
              ? r.effective_date
              : r.created_at;
      const keys = rows.map(key);
      expect(keys).toEqual(sorted(keys, (x, y) => (x < y ? -sign : x > y ? sign : 0)));
      const first = rows[0].abbreviation;
      const last = rows[rows.length - 1].abbreviation;
      const expected: Record<string, [string, string]> = {
        'name asc': ['A1', 'Z1'],
        'rate asc': ['OR', 'A1'],
        'effective_date asc': ['A1', 'Z1'],
      };
      if (sort === 'created_at') {
        expect(order === 'asc' ? last : first).toBe('Z1');
      } else {
        const [lo, hi] = expected[`${sort} asc`];
        expect([first, last]).toEqual(order === 'asc' ? [lo, hi] : [hi, lo]);
      }
    });

    it('breaks rate ties by name so pages are stable', async () => {
      const rows: Rate[] = (await list(shared, { sort: 'rate', order: 'asc', limit: 1000 }).expect(200)).body.data;
      const ties = rows.filter((r) => r.rate === 0.325).map((r) => r.name);
      expect(ties.length).toBeGreaterThan(1);
      expect(ties).toEqual([...ties].sort());
    });

    it('accepts the calculator query (limit 1000, page 1, sort name, order asc)', async () => {
      const res = await list(shared, { limit: 1000, page: 1, sort: 'name', order: 'asc' }).expect(200);
      expect(res.body.data).toHaveLength(58);
      expect(res.body.pagination).toEqual({ total: 58, totalPages: 1, page: 1, limit: 1000 });
    });
  });

  describe('pagination edges', () => {
    it('answers an empty page with total 0 and 0 pages when nothing matches', async () => {
      const res = await list(shared, { search: 'no such place' }).expect(200);
      expect(res.body).toEqual({ data: [], pagination: { total: 0, totalPages: 0, page: 1, limit: 20 } });
    });

    it('fits exactly one page when the total equals the limit', async () => {
      const res = await list(shared, { limit: 58 }).expect(200);
      expect(res.body.data).toHaveLength(58);
      expect(res.body.pagination).toEqual({ total: 58, totalPages: 1, page: 1, limit: 58 });
    });

    it('answers the last, partial page', async () => {
      const res = await list(shared, { page: 3 }).expect(200);
      expect(res.body.data).toHaveLength(18);
      expect(res.body.data[17].name).toBe('Wyoming');
      expect(res.body.pagination).toEqual({ total: 58, totalPages: 3, page: 3, limit: 20 });
    });

    it('answers no rows but the true total past the last page', async () => {
      const res = await list(shared, { page: 4 }).expect(200);
      expect(res.body).toEqual({ data: [], pagination: { total: 58, totalPages: 3, page: 4, limit: 20 } });
    });

    it('walks every page without repeating or skipping a row', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 6; page++) {
        seen.push(
          ...(await list(shared, { page, limit: 10, sort: 'rate' }).expect(200)).body.data.map((r: Rate) => r.id),
        );
      }
      expect(seen).toHaveLength(58);
      expect(new Set(seen).size).toBe(58);
    });
  });

  describe('query validation', () => {
    it.each([
      ['sort', 'abbreviation', 'sort must be one of name, rate, effective_date, created_at'],
      ['sort', 'name; DROP TABLE tax_rates', 'sort must be one of name, rate, effective_date, created_at'],
      ['order', 'sideways', 'order must be asc or desc'],
      ['page', '0', 'page must be at least 1'],
      ['page', 'two', 'page must be a whole number'],
      ['limit', '0', 'limit must be at least 1'],
      ['limit', '1001', 'limit must be at most 1000'],
      ['country', 'Mexico', 'country must be USA or Canada'],
      ['is_active', 'yes', 'is_active must be true or false'],
      ['colour', 'blue', 'property colour should not exist'],
    ])('rejects %s=%s with a 400 naming the field', async (field, value, message) => {
      const res = await list(shared, { [field]: value }).expect(400);
      expect(res.body.fields).toEqual({ [field]: message });
      expect(res.body.error).toBe(message);
    });
  });

  describe('create, read, update, delete', () => {
    it('creates a rate, storing the abbreviation upper-case and the calendar date', async () => {
      const a = await registerAccount(t.http);
      const res = await t.http.post(LIST).set(a.auth).send(NEW_RATE).expect(201);
      expect(res.body).toMatchObject({
        name: 'Test Territory',
        abbreviation: 'TT',
        rate: 0.1234,
        country: 'USA',
        is_active: true,
        effective_date: '2026-07-01',
      });
      const read = await t.http.get(`${LIST}/${res.body.id}`).set(a.auth).expect(200);
      expect(read.body).toEqual(res.body);
      expect((await list(a).expect(200)).body.pagination.total).toBe(59);
    });

    it('defaults is_active to true and the effective date to today', async () => {
      const a = await registerAccount(t.http);
      const { is_active: _a, effective_date: _d, ...bare } = NEW_RATE;
      const res = await t.http.post(LIST).set(a.auth).send(bare).expect(201);
      expect(res.body.is_active).toBe(true);
      expect(res.body.effective_date).toBe(new Date().toISOString().slice(0, 10));
    });

    it('accepts a rate of 0 and a plain YYYY-MM-DD date', async () => {
      const a = await registerAccount(t.http);
      const res = await t.http
        .post(LIST)
        .set(a.auth)
        .send({ ...NEW_RATE, rate: 0, effective_date: '2026-04-01' })
        .expect(201);
      expect(res.body).toMatchObject({ rate: 0, effective_date: '2026-04-01' });
    });

    it('updates a rate and reads the change back', async () => {
      const a = await registerAccount(t.http);
      const ca = await byCode(a, 'CA');
      const res = await t.http
        .put(`${LIST}/${ca.id}`)
        .set(a.auth)
        .send({
          name: 'California',
          abbreviation: 'CA',
          rate: 1.0012,
          country: 'USA',
          is_active: true,
          effective_date: '2026-05-15T00:00:00.000Z',
        })
        .expect(200);
      expect(res.body).toMatchObject({ id: ca.id, rate: 1.0012, effective_date: '2026-05-15' });
      expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(ca.updated_at).getTime());
      expect((await t.http.get(`${LIST}/${ca.id}`).set(a.auth).expect(200)).body.rate).toBe(1.0012);
    });

    it('updates only the fields sent', async () => {
      const a = await registerAccount(t.http);
      const il = await byCode(a, 'IL');
      const res = await t.http.put(`${LIST}/${il.id}`).set(a.auth).send({ is_active: false }).expect(200);
      expect(res.body).toMatchObject({
        name: 'Illinois',
        abbreviation: 'IL',
        rate: 0.738,
        is_active: false,
        effective_date: '2026-04-01',
      });
    });

    it('deletes a rate, answering the deleted row; it is gone afterwards', async () => {
      const a = await registerAccount(t.http);
      const ky = await byCode(a, 'KY');
      const res = await t.http.delete(`${LIST}/${ky.id}`).set(a.auth).expect(200);
      expect(res.body).toMatchObject({ id: ky.id, abbreviation: 'KY' });
      await t.http.get(`${LIST}/${ky.id}`).set(a.auth).expect(404);
      await t.http.delete(`${LIST}/${ky.id}`).set(a.auth).expect(404);
      expect((await list(a).expect(200)).body.pagination.total).toBe(57);
    });

    it.each(['not-a-uuid', randomUUID()])('answers 404 "Tax rate not found" for the unknown id %s', async (id) => {
      for (const call of [
        t.http.get(`${LIST}/${id}`),
        t.http.put(`${LIST}/${id}`).send({ rate: 1 }),
        t.http.delete(`${LIST}/${id}`),
      ]) {
        const res = await call.set(shared.auth).expect(404);
        expect(res.body.error).toBe('Tax rate not found');
      }
    });

    it('refuses every route without a token', async () => {
      await t.http.get('/api/protected/tax-rates').expect(401);
      await t.http.get(LIST).expect(401);
      await t.http.post(LIST).send(NEW_RATE).expect(401);
      await t.http
        .put(`${LIST}/bulk`)
        .send({ ids: [randomUUID()], is_active: false })
        .expect(401);
    });
  });

  describe('one active rate per abbreviation and quarter', () => {
    it('answers 409 for a second active rate of one abbreviation in a quarter, in any case, and saves nothing', async () => {
      const a = await registerAccount(t.http);
      const res = await t.http
        .post(LIST)
        .set(a.auth)
        .send({ ...NEW_RATE, name: 'California 2', abbreviation: 'ca', effective_date: '2026-05-01' })
        .expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'An active tax rate for CA already exists' });
      expect(
        (await list(a, { search: 'CA' }).expect(200)).body.data.filter((r: Rate) => r.abbreviation === 'CA'),
      ).toHaveLength(1);
    });

    it('allows an inactive second rate in the quarter, but 409s when it is activated', async () => {
      const a = await registerAccount(t.http);
      const created = await t.http
        .post(LIST)
        .set(a.auth)
        .send({
          ...NEW_RATE,
          name: 'California (new)',
          abbreviation: 'CA',
          is_active: false,
          effective_date: '2026-06-30',
        })
        .expect(201);
      const put = await t.http.put(`${LIST}/${created.body.id}`).set(a.auth).send({ is_active: true }).expect(409);
      expect(put.body.error).toBe('An active tax rate for CA already exists');
      const bulk = await t.http
        .put(`${LIST}/bulk`)
        .set(a.auth)
        .send({ ids: [created.body.id], is_active: true })
        .expect(409);
      expect(bulk.body.error).toBe('An active tax rate for CA already exists');
      // Deactivating the old one first makes room.
      const old = (await all(a)).find((r) => r.abbreviation === 'CA' && r.is_active)!;
      await t.http.put(`${LIST}/${old.id}`).set(a.auth).send({ is_active: false }).expect(200);
      await t.http.put(`${LIST}/${created.body.id}`).set(a.auth).send({ is_active: true }).expect(200);
    });

    it("accepts an active rate of a later quarter, which then stands for the jurisdiction in the spec's table", async () => {
      const a = await registerAccount(t.http);
      await t.http
        .post(LIST)
        .set(a.auth)
        .send({ ...NEW_RATE, name: 'California', abbreviation: 'CA', rate: 1 })
        .expect(201);
      const rows = (await all(a)).filter((r) => r.abbreviation === 'CA');
      expect(rows.map((r) => [r.rate, r.effective_date, r.is_active])).toEqual([[1, '2026-07-01', true]]);
    });

    it('409s when an edit renames the abbreviation onto another active one', async () => {
      const a = await registerAccount(t.http);
      const tx = await byCode(a, 'TX');
      const res = await t.http.put(`${LIST}/${tx.id}`).set(a.auth).send({ abbreviation: 'ok' }).expect(409);
      expect(res.body.error).toBe('An active tax rate for OK already exists');
      expect((await t.http.get(`${LIST}/${tx.id}`).set(a.auth).expect(200)).body.abbreviation).toBe('TX');
    });

    it('lets two accounts each hold an active rate for the same abbreviation', async () => {
      const a = await registerAccount(t.http);
      const b = await registerAccount(t.http);
      await t.http.post(LIST).set(a.auth).send(NEW_RATE).expect(201);
      await t.http.post(LIST).set(b.auth).send(NEW_RATE).expect(201);
    });
  });

  describe('body validation', () => {
    it.each([
      ['rate', -0.01, 'Tax rate cannot be negative'],
      ['rate', 0.12345, 'Tax rate must be a number with at most 4 decimal places'],
      ['rate', '0.5', 'Tax rate must be a number with at most 4 decimal places'],
      // Printed in exponent notation: class-validator's own decimal check threw on these (a 500).
      ['rate', 1e-7, 'Tax rate must be a number with at most 4 decimal places'],
      ['rate', 5e-324, 'Tax rate must be a number with at most 4 decimal places'],
      ['rate', 1000000, 'Tax rate must be at most 999999.9999'],
      ['rate', undefined, 'Tax rate is required'],
      ['name', '', 'Name is required'],
      ['name', '   ', 'Name is required'],
      ['name', undefined, 'Name is required'],
      ['name', 'x'.repeat(101), 'Name must be at most 100 characters'],
      ['abbreviation', 'ABCDEFGHIJK', 'Abbreviation must be at most 10 characters'],
      ['abbreviation', '', 'Abbreviation is required'],
      ['abbreviation', undefined, 'Abbreviation is required'],
      ['country', 'Mexico', 'Country must be USA or Canada'],
      ['country', undefined, 'Country is required'],
      ['is_active', 'yes', 'is_active must be true or false'],
      ['effective_date', 'April 1st', 'Effective date must be an ISO 8601 date'],
      ['effective_date', '2026-02-30', 'Effective date must be an ISO 8601 date'],
      ['surcharge', 0.1, 'property surcharge should not exist'],
    ])('rejects %s = %j with "%s" and saves nothing', async (field, value, message) => {
      const body: Record<string, unknown> = { ...NEW_RATE, abbreviation: 'V1', [field]: value };
      if (value === undefined) delete body[field];
      const res = await t.http.post(LIST).set(shared.auth).send(body).expect(400);
      expect(res.body.fields).toEqual({ [field]: message });
      expect(res.body.error).toBe(message);
      expect((await list(shared).expect(200)).body.pagination.total).toBe(58);
    });

    it('accepts a 10-character abbreviation', async () => {
      const a = await registerAccount(t.http);
      const res = await t.http
        .post(LIST)
        .set(a.auth)
        .send({ ...NEW_RATE, abbreviation: 'abcdefghij' })
        .expect(201);
      expect(res.body.abbreviation).toBe('ABCDEFGHIJ');
    });

    it('keeps the saved values of fields an update sends as null (a NOT NULL column was a 500)', async () => {
      const a = await registerAccount(t.http);
      const created = await t.http.post(LIST).set(a.auth).send(NEW_RATE).expect(201);
      const nulls = {
        name: null,
        abbreviation: null,
        rate: null,
        country: null,
        is_active: null,
        effective_date: null,
      };
      const res = await t.http.put(`${LIST}/${created.body.id}`).set(a.auth).send(nulls).expect(200);
      expect(res.body).toMatchObject({ ...created.body, updated_at: expect.any(String) });
    });

    it('validates an update the same way, changing nothing', async () => {
      const va = await byCode(shared, 'VA');
      const res = await t.http.put(`${LIST}/${va.id}`).set(shared.auth).send({ rate: -1 }).expect(400);
      expect(res.body.fields).toEqual({ rate: 'Tax rate cannot be negative' });
      expect((await t.http.get(`${LIST}/${va.id}`).set(shared.auth).expect(200)).body.rate).toBe(0.327);
    });
  });

  describe('bulk status change', () => {
    it('deactivates and reactivates the selected rates, answering how many changed', async () => {
      const a = await registerAccount(t.http);
      const ids = [(await byCode(a, 'AL')).id, (await byCode(a, 'AB')).id];
      expect((await t.http.put(`${LIST}/bulk`).set(a.auth).send({ ids, is_active: false }).expect(200)).body).toEqual({
        updated: 2,
      });
      expect((await list(a, { is_active: 'false' }).expect(200)).body.data.map((r: Rate) => r.abbreviation)).toEqual([
        'AL',
        'AB',
      ]);
      // Already inactive: nothing changes.
      expect((await t.http.put(`${LIST}/bulk`).set(a.auth).send({ ids, is_active: false }).expect(200)).body).toEqual({
        updated: 0,
      });
      expect(
        (
          await t.http
            .put(`${LIST}/bulk`)
            .set(a.auth)
            .send({ ids: [...ids, ids[0]], is_active: true })
            .expect(200)
        ).body,
      ).toEqual({ updated: 2 });
      expect((await list(a, { is_active: 'false' }).expect(200)).body.pagination.total).toBe(0);
    });

    it.each([
      [{ ids: [], is_active: false }, 'ids', 'Select tax rates to update'],
      [{ is_active: false }, 'ids', 'Select tax rates to update'],
      [{ ids: ['nope'], is_active: false }, 'ids', 'Each id must be a UUID'],
      [{ ids: 'all', is_active: false }, 'ids', 'ids must be a list of ids'],
      [{ ids: [randomUUID()] }, 'is_active', 'is_active is required'],
      [{ ids: [randomUUID()], is_active: 'no' }, 'is_active', 'is_active must be true or false'],
    ])('rejects %j with a 400 naming %s', async (body, field, message) => {
      const res = await t.http.put(`${LIST}/bulk`).set(shared.auth).send(body).expect(400);
      expect(res.body.fields).toEqual({ [field]: message });
    });
  });

  describe('isolation between accounts', () => {
    let a: TestAccount;
    let b: TestAccount;
    let aRate: Rate;
    beforeAll(async () => {
      a = await registerAccount(t.http);
      b = await registerAccount(t.http);
      aRate = (
        await t.http
          .post(LIST)
          .set(a.auth)
          .send({ ...NEW_RATE, name: 'Only In A', abbreviation: 'AONLY' })
          .expect(201)
      ).body;
    });

    it("never lists another account's rates", async () => {
      expect((await list(b, { search: 'Only In A' }).expect(200)).body.pagination.total).toBe(0);
      expect((await list(b).expect(200)).body.pagination.total).toBe(58);
      const bAll: Rate[] = (await t.http.get('/api/protected/tax-rates').set(b.auth).expect(200)).body;
      expect(bAll.some((r) => r.id === aRate.id)).toBe(false);
      const aIds = new Set((await all(a)).map((r) => r.id));
      expect(bAll.some((r) => aIds.has(r.id))).toBe(false);
    });

    it("answers 404 for another account's rate on get, update and delete, and changes nothing", async () => {
      const notFound = { statusCode: 404, error: 'Tax rate not found' };
      expect((await t.http.get(`${LIST}/${aRate.id}`).set(b.auth).expect(404)).body).toMatchObject(notFound);
      expect((await t.http.put(`${LIST}/${aRate.id}`).set(b.auth).send({ rate: 9 }).expect(404)).body).toMatchObject(
        notFound,
      );
      expect((await t.http.delete(`${LIST}/${aRate.id}`).set(b.auth).expect(404)).body).toMatchObject(notFound);
      expect((await t.http.get(`${LIST}/${aRate.id}`).set(a.auth).expect(200)).body).toEqual(aRate);
    });

    it("changes nothing in bulk for another account's ids and does not reveal them", async () => {
      const bOwn = await byCode(b, 'NY');
      const res = await t.http
        .put(`${LIST}/bulk`)
        .set(b.auth)
        .send({ ids: [aRate.id, bOwn.id], is_active: false })
        .expect(200);
      expect(res.body).toEqual({ updated: 1 });
      expect((await t.http.get(`${LIST}/${aRate.id}`).set(a.auth).expect(200)).body.is_active).toBe(true);
      const onlyForeign = await t.http
        .put(`${LIST}/bulk`)
        .set(b.auth)
        .send({ ids: [aRate.id], is_active: false })
        .expect(200);
      expect(onlyForeign.body).toEqual({ updated: 0 });
    });

    it("keeps one account's edits out of another's numbers", async () => {
      const aCa = await byCode(a, 'CA');
      await t.http.put(`${LIST}/${aCa.id}`).set(a.auth).send({ rate: 2.5 }).expect(200);
      expect((await byCode(b, 'CA')).rate).toBe(0.971);
    });
  });
});
