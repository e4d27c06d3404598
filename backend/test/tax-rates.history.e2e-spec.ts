import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AccountTaxRates } from '../src/tax-rates/account-tax-rates.service.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LIST = '/api/protected/tax-rates-management';
const IN_FORCE = '/api/protected/tax-rates/in-force';
const PREVIEW = `${LIST}/matrix/preview`;
const APPLY = `${LIST}/matrix/apply`;

/** IFTA, Inc.'s 2Q2026 matrix as shared/data holds it. */
const Q2_MATRIX = readFileSync(
  new URL('../src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv', import.meta.url),
  'utf8',
);

/** The 2Q2026 file with some cells changed: a made-up earlier quarter that differs from 2Q2026. */
function withCells(changes: Array<[code: string, row: string, unit: string, column: string, value: string]>): string {
  const [header, ...lines] = Q2_MATRIX.trim().split('\n');
  const columns = header.split(',');
  return [
    header,
    ...lines.map((line) => {
      const cells = line.split(',');
      for (const [code, row, unit, column, value] of changes) {
        if (cells[0] === code && cells[3] === row && cells[4] === unit) cells[columns.indexOf(column)] = value;
      }
      return cells.join(',');
    }),
  ].join('\n');
}
const Q1_MATRIX = withCells([
  ['CA', 'base', 'USD/gal', 'special_diesel', '0.9000'],
  ['CA', 'base', 'CAD/L', 'special_diesel', '0.3250'],
  ['KY', 'surcharge', 'USD/gal', 'special_diesel', '0.1000'],
]);

interface RateInForce {
  code: string;
  name: string;
  fuel_type: string;
  kind: 'base' | 'surcharge';
  rate: string;
  effective_from: string;
}

describe('tax rate history by quarter and fuel type', () => {
  let t: TestApp;
  let shared: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    shared = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const inForce = async (account: TestAccount, period: string, fuel_type = 'diesel'): Promise<RateInForce[]> =>
    (await t.http.get(IN_FORCE).query({ period, fuel_type }).set(account.auth).expect(200)).body.rates;
  const pick = (rates: RateInForce[], code: string, kind = 'base') =>
    rates.filter((r) => r.code === code && r.kind === kind);
  const upload = (path: string, account: TestAccount, csv: string, quarter: string, name = 'matrix.csv') =>
    t.http.post(path).set(account.auth).field('quarter', quarter).attach('file', Buffer.from(csv), name);

  describe('seed from the 2Q2026 matrix', () => {
    it('answers the 58 diesel base rates and the KY and VA diesel surcharges in force for Q2-2026', async () => {
      const rates = await inForce(shared, 'Q2-2026');
      expect(rates.filter((r) => r.kind === 'base')).toHaveLength(58);
      expect(rates.filter((r) => r.kind === 'surcharge').map((r) => [r.code, r.rate])).toEqual([
        ['KY', '0.1050'],
        ['VA', '0.1430'],
      ]);
      expect(pick(rates, 'CA')).toEqual([
        {
          code: 'CA',
          name: 'California',
          fuel_type: 'diesel',
          kind: 'base',
          rate: '0.9710',
          effective_from: '2026-04-01',
        },
      ]);
      expect(pick(rates, 'OR')[0].rate).toBe('0.0000');
    });

    it('seeds every other fuel type, with no rate where the matrix has none', async () => {
      const gasoline = await inForce(shared, 'Q2-2026', 'gasoline');
      expect(pick(gasoline, 'KY', 'surcharge')[0].rate).toBe('0.0450');
      expect(pick(gasoline, 'OR')).toEqual([]);
      const propane = await inForce(shared, 'Q2-2026', 'propane');
      expect(pick(propane, 'IN', 'surcharge')[0].rate).toBe('0.6100');
      expect(pick(propane, 'AB')[0].rate).toBe('0.2600');
      expect(pick(await inForce(shared, 'Q2-2026', 'lng'), 'AB')).toEqual([]);
    });

    it('keeps the CAD/L figure beside each rate, shown when the list is asked for a fuel type', async () => {
      const res = await t.http
        .get(LIST)
        .query({ fuel_type: 'diesel', search: 'kentucky' })
        .set(shared.auth)
        .expect(200);
      expect(
        res.body.data.map((r: Record<string, unknown>) => [r.kind, r.rate, r.rate_cad_per_litre, r.fuel_type]),
      ).toEqual([
        ['base', 0.22, 0.0795, 'diesel'],
        ['surcharge', 0.105, 0.0379, 'diesel'],
      ]);
    });

    it("keeps the spec's table to the 58 diesel base rates", async () => {
      expect((await t.http.get(LIST).set(shared.auth).expect(200)).body.pagination.total).toBe(58);
      expect((await t.http.get('/api/protected/tax-rates').set(shared.auth).expect(200)).body).toHaveLength(58);
    });
  });

  describe('AccountTaxRates.ratesInForce', () => {
    it('answers an empty list for a quarter with no rates', async () => {
      const service = t.app.get(AccountTaxRates);
      expect(await service.ratesInForce(shared.user.id, 'Q1-2026', 'diesel')).toEqual([]);
      expect(await service.ratesInForce(shared.user.id, 'Q3-2026', 'diesel')).toEqual([]);
      expect((await service.ratesInForce(shared.user.id, 'Q2-2026', 'diesel')).length).toBe(60);
    });

    it.each([
      ['period', '2026-Q2', 'diesel', 'period must be a quarter such as Q2-2026'],
      ['fuel_type', 'Q2-2026', 'kerosene', 'fuel_type must be one of'],
    ])('refuses a bad %s with a 400 naming it', async (field, period, fuelType, message) => {
      const service = t.app.get(AccountTaxRates);
      await expect(service.ratesInForce(shared.user.id, period, fuelType)).rejects.toMatchObject({ status: 400 });
      const res = await t.http.get(IN_FORCE).query({ period, fuel_type: fuelType }).set(shared.auth).expect(400);
      expect(res.body.fields[field]).toContain(message);
    });

    it('ignores inactive rates', async () => {
      const a = await registerAccount(t.http);
      const tx = (await t.http.get(LIST).query({ search: 'texas' }).set(a.auth).expect(200)).body.data[0];
      await t.http.put(`${LIST}/${tx.id}`).set(a.auth).send({ is_active: false }).expect(200);
      expect(pick(await inForce(a, 'Q2-2026'), 'TX')).toEqual([]);
    });
  });

  describe('matrix import', () => {
    it('previews a 1Q2026 matrix (all added), writing nothing', async () => {
      const a = await registerAccount(t.http);
      const res = await upload(PREVIEW, a, Q1_MATRIX, 'Q1-2026').expect(200);
      expect(res.body.applied).toBe(false);
      expect(res.body.quarter).toBe('Q1-2026');
      expect(res.body.summary).toEqual({ added: 622, changed: 0, unchanged: 0 });
      expect(res.body.changes.find((c: RateInForce) => c.code === 'CA' && c.fuel_type === 'diesel')).toEqual({
        code: 'CA',
        name: 'California',
        fuel_type: 'diesel',
        kind: 'base',
        effective_from: '2026-01-01',
        status: 'added',
        previous_rate: null,
        rate: '0.9000',
        rate_cad_per_litre: '0.3250',
      });
      expect(await inForce(a, 'Q1-2026')).toEqual([]);
    });

    it('applies a 1Q2026 matrix that differs from 2Q2026: Q1 gets its rates, Q2 keeps its own', async () => {
      const a = await registerAccount(t.http);
      const res = await upload(APPLY, a, Q1_MATRIX, 'Q1-2026').expect(200);
      expect(res.body).toMatchObject({ applied: true, summary: { added: 622, changed: 0, unchanged: 0 } });

      const q1 = await inForce(a, 'Q1-2026');
      expect(pick(q1, 'CA')).toEqual([expect.objectContaining({ rate: '0.9000', effective_from: '2026-01-01' })]);
      expect(pick(q1, 'KY', 'surcharge')).toEqual([expect.objectContaining({ rate: '0.1000' })]);
      const q2 = await inForce(a, 'Q2-2026');
      expect(pick(q2, 'CA')).toEqual([expect.objectContaining({ rate: '0.9710', effective_from: '2026-04-01' })]);
      expect(pick(q2, 'KY', 'surcharge')).toEqual([expect.objectContaining({ rate: '0.1050' })]);

      // The spec's table still shows one current (2Q2026) rate per jurisdiction.
      const table = (await t.http.get(LIST).query({ limit: 1000 }).set(a.auth).expect(200)).body;
      expect(table.pagination.total).toBe(58);
      expect(table.data.find((r: { abbreviation: string }) => r.abbreviation === 'CA').rate).toBe(0.971);
      // The Quarter filter shows the quarter's own rows.
      const q1List = (
        await t.http.get(LIST).query({ quarter: 'Q1-2026', search: 'california' }).set(a.auth).expect(200)
      ).body;
      expect(q1List.data.map((r: Record<string, unknown>) => [r.rate, r.effective_date, r.kind])).toEqual([
        [0.9, '2026-01-01', 'base'],
      ]);

      // The same file again changes nothing.
      const again = await upload(PREVIEW, a, Q1_MATRIX, 'Q1-2026').expect(200);
      expect(again.body.summary).toEqual({ added: 0, changed: 0, unchanged: 622 });
    });

    it('previews and applies a changed figure for a quarter the account holds, keeping the account name', async () => {
      const a = await registerAccount(t.http);
      const ca = (await t.http.get(LIST).query({ search: 'california' }).set(a.auth).expect(200)).body.data[0];
      await t.http.put(`${LIST}/${ca.id}`).set(a.auth).send({ name: 'California (ours)' }).expect(200);
      const changed = withCells([['CA', 'base', 'USD/gal', 'special_diesel', '0.9800']]);
      const preview = await upload(PREVIEW, a, changed, 'Q2-2026').expect(200);
      expect(preview.body.summary).toEqual({ added: 0, changed: 1, unchanged: 621 });
      expect(preview.body.changes.filter((c: { status: string }) => c.status === 'changed')).toEqual([
        expect.objectContaining({ code: 'CA', name: 'California (ours)', previous_rate: '0.9710', rate: '0.9800' }),
      ]);
      expect((await t.http.get(`${LIST}/${ca.id}`).set(a.auth).expect(200)).body.rate).toBe(0.971);
      await upload(APPLY, a, changed, 'Q2-2026').expect(200);
      expect((await t.http.get(`${LIST}/${ca.id}`).set(a.auth).expect(200)).body).toMatchObject({
        name: 'California (ours)',
        rate: 0.98,
      });
    });

    it('honours a mid-quarter change: both rates of the quarter, each with its date', async () => {
      const a = await registerAccount(t.http);
      const csv = [
        'code,name,country,row,unit,special_diesel,effective_from',
        'CA,California,USA,base,USD/gal,1.0000,',
        'CA,California,USA,base,USD/gal,1.1000,2026-08-15',
        'TX,Texas,USA,base,USD/gal,0.2000,',
      ].join('\n');
      await upload(APPLY, a, csv, 'Q3-2026').expect(200);
      expect(pick(await inForce(a, 'Q3-2026'), 'CA')).toEqual([
        expect.objectContaining({ rate: '1.0000', effective_from: '2026-07-01' }),
        expect.objectContaining({ rate: '1.1000', effective_from: '2026-08-15' }),
      ]);
      expect(pick(await inForce(a, 'Q2-2026'), 'CA')).toEqual([expect.objectContaining({ rate: '0.9710' })]);
    });

    it('refuses a bad row with a 400 naming it, and saves nothing of the file', async () => {
      const a = await registerAccount(t.http);
      const bad = Q1_MATRIX.replace('AL,Alabama,USA,base,USD/gal,0.3000', 'AL,Alabama,USA,base,USD/gal,-0.30');
      expect(bad).not.toBe(Q1_MATRIX);
      const res = await upload(APPLY, a, bad, 'Q1-2026').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, row: expect.any(Number) });
      expect(res.body.error).toMatch(/^Row \d+: "gasoline" must be a rate such as 0\.3250/);
      expect(res.body.fields.file).toBe(res.body.error);
      expect(await inForce(a, 'Q1-2026')).toEqual([]);
    });

    it.each([
      [
        'no quarter',
        (r: ReturnType<typeof t.http.post>) => r.attach('file', Buffer.from(Q1_MATRIX), 'm.csv'),
        'quarter',
      ],
      [
        'a malformed quarter',
        (r: ReturnType<typeof t.http.post>) =>
          r.field('quarter', '1Q2026').attach('file', Buffer.from(Q1_MATRIX), 'm.csv'),
        'quarter',
      ],
      ['no file', (r: ReturnType<typeof t.http.post>) => r.field('quarter', 'Q1-2026'), 'file'],
      [
        'a file that is not .csv',
        (r: ReturnType<typeof t.http.post>) =>
          r.field('quarter', 'Q1-2026').attach('file', Buffer.from(Q1_MATRIX), 'm.xlsx'),
        'file',
      ],
    ])('refuses %s with a 400 naming the field', async (_label, build, field) => {
      const res = await build(t.http.post(APPLY).set(shared.auth)).expect(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
      expect(res.body.statusCode).toBe(400);
    });

    it('refuses a file over 64 KB', async () => {
      const big = Q2_MATRIX + '\n'.repeat(70 * 1024);
      const res = await upload(PREVIEW, shared, big, 'Q1-2026').expect(400);
      expect(res.body.error).toBe('The rate matrix must not exceed 64 KB');
    });
  });

  describe('the form keeps its rules beside the history', () => {
    it('edits an imported rate and still refuses a second active rate of one jurisdiction in a quarter', async () => {
      const a = await registerAccount(t.http);
      await upload(APPLY, a, Q1_MATRIX, 'Q1-2026').expect(200);
      const q1ca = (await t.http.get(LIST).query({ quarter: 'Q1-2026', search: 'california' }).set(a.auth).expect(200))
        .body.data[0];
      await t.http.put(`${LIST}/${q1ca.id}`).set(a.auth).send({ rate: 0.905 }).expect(200);
      expect(pick(await inForce(a, 'Q1-2026'), 'CA')[0].rate).toBe('0.9050');
      await t.http
        .post(LIST)
        .set(a.auth)
        .send({ name: 'California', abbreviation: 'CA', rate: 1, country: 'USA', effective_date: '2026-02-15' })
        .expect(409);
      // Another quarter's rate is the jurisdiction's history, not a second rate.
      await t.http
        .post(LIST)
        .set(a.auth)
        .send({ name: 'California', abbreviation: 'CA', rate: 1, country: 'USA', effective_date: '2026-10-01' })
        .expect(201);
      expect(pick(await inForce(a, 'Q4-2026'), 'CA').map((r) => r.rate)).toEqual(['1.0000']);
    });
  });

  describe("the spec's table beside the history", () => {
    it('shows an inactive rate entered with an earlier date next to the active one', async () => {
      const a = await registerAccount(t.http);
      await t.http
        .post(LIST)
        .set(a.auth)
        .send({
          name: 'California',
          abbreviation: 'CA',
          rate: 0.5,
          country: 'USA',
          is_active: false,
          effective_date: '2025-01-01',
        })
        .expect(201);
      const rows = (await t.http.get(LIST).query({ search: 'california' }).set(a.auth).expect(200)).body.data;
      expect(rows.map((r: { rate: number; is_active: boolean }) => [r.rate, r.is_active])).toEqual([
        [0.5, false],
        [0.971, true],
      ]);
    });

    it('lists the newest quarter once an import supersedes the current rates', async () => {
      const a = await registerAccount(t.http);
      await upload(APPLY, a, withCells([['CA', 'base', 'USD/gal', 'special_diesel', '1.0100']]), 'Q3-2026').expect(200);
      const table = (await t.http.get('/api/protected/tax-rates').set(a.auth).expect(200)).body;
      expect(table).toHaveLength(58);
      expect(table.find((r: { abbreviation: string }) => r.abbreviation === 'CA')).toMatchObject({
        rate: 1.01,
        effective_date: '2026-07-01',
      });
    });
  });

  describe('tenancy', () => {
    it("keeps one account's imported rates out of another's quarters, lists and ids", async () => {
      const a = await registerAccount(t.http);
      const b = await registerAccount(t.http);
      await upload(APPLY, a, Q1_MATRIX, 'Q1-2026').expect(200);
      expect(await inForce(b, 'Q1-2026')).toEqual([]);
      expect((await t.http.get(LIST).query({ quarter: 'Q1-2026' }).set(b.auth).expect(200)).body.pagination.total).toBe(
        0,
      );
      const aRow = (await t.http.get(LIST).query({ quarter: 'Q1-2026', search: 'texas' }).set(a.auth).expect(200)).body
        .data[0];
      const notFound = { statusCode: 404, error: 'Tax rate not found' };
      expect((await t.http.get(`${LIST}/${aRow.id}`).set(b.auth).expect(404)).body).toMatchObject(notFound);
      expect((await t.http.put(`${LIST}/${aRow.id}`).set(b.auth).send({ rate: 9 }).expect(404)).body).toMatchObject(
        notFound,
      );
      // b's preview of the same file sees only b's own (empty) Q1.
      expect((await upload(PREVIEW, b, Q1_MATRIX, 'Q1-2026').expect(200)).body.summary.added).toBe(622);
    });

    it('refuses the import without a subscription', async () => {
      const unpaid = await registerAccount(t.http, {}, { subscribed: false });
      const res = await upload(PREVIEW, unpaid, Q1_MATRIX, 'Q1-2026').expect(403);
      expect(res.body.code).toBe('SUBSCRIPTION_REQUIRED');
    });
  });
});
