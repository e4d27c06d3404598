import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const LIST = '/api/protected/tax-rates-management';
const IN_FORCE = '/api/protected/tax-rates/in-force';

/** IFTA, Inc.'s 2Q2026 matrix, imported again as a later quarter's. */
const MATRIX = readFileSync(new URL('../src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv', import.meta.url), 'utf8');

interface Rate {
  id: string;
  abbreviation: string;
  is_active: boolean;
  effective_date: string;
}

/**
 * Deactivate is undone by Activate: once a later quarter's matrix is imported, turning its Alabama rate off and on
 * again must not clash with 2Q2026's Alabama rate (they belong to different quarters), and Alabama must end listed
 * once and back in the quarter's rates.
 */
describe('deactivating and activating a rate again', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    await t.http
      .post(`${LIST}/matrix/apply`)
      .set(a.auth)
      .field('quarter', 'Q3-2026')
      .attach('file', Buffer.from(MATRIX), 'matrix.csv')
      .expect(200);
  });
  afterAll(() => t.close());

  const alabama = async (): Promise<Rate[]> =>
    (await t.http.get(LIST).query({ page: 1, limit: 100, search: 'Alabama' }).set(a.auth).expect(200)).body.data.filter(
      (rate: Rate) => rate.abbreviation === 'AL',
    );
  const inQ3 = async () =>
    (await t.http.get(IN_FORCE).query({ period: 'Q3-2026', fuel_type: 'diesel' }).set(a.auth).expect(200)).body.rates
      .filter((rate: { code: string }) => rate.code === 'AL')
      .map((rate: { rate: string; effective_from: string }) => [rate.rate, rate.effective_from]);

  it('lists Alabama once, with its 3Q2026 effective date', async () => {
    expect((await alabama()).map((r) => [r.effective_date, r.is_active])).toEqual([['2026-07-01', true]]);
    expect(await inQ3()).toEqual([['0.3100', '2026-07-01']]);
  });

  it('activates again in bulk what it deactivated, and Alabama is listed once and back in 3Q2026', async () => {
    const [q3] = await alabama();
    const off = await t.http
      .put(`${LIST}/bulk`)
      .set(a.auth)
      .send({ ids: [q3.id], is_active: false })
      .expect(200);
    expect(off.body).toEqual({ updated: 1 });
    expect(await inQ3()).toEqual([]);
    // While 3Q2026's rate is off, 2Q2026's is the newest active one: both show, told apart by their dates.
    expect((await alabama()).map((r) => [r.effective_date, r.is_active])).toEqual([
      ['2026-04-01', true],
      ['2026-07-01', false],
    ]);

    const on = await t.http
      .put(`${LIST}/bulk`)
      .set(a.auth)
      .send({ ids: [q3.id], is_active: true })
      .expect(200);
    expect(on.body).toEqual({ updated: 1 });
    expect((await alabama()).map((r) => [r.id, r.effective_date, r.is_active])).toEqual([[q3.id, '2026-07-01', true]]);
    expect(await inQ3()).toEqual([['0.3100', '2026-07-01']]);
  });

  it('does the same through the edit form', async () => {
    const [q3] = await alabama();
    await t.http.put(`${LIST}/${q3.id}`).set(a.auth).send({ is_active: false }).expect(200);
    const on = await t.http.put(`${LIST}/${q3.id}`).set(a.auth).send({ is_active: true }).expect(200);
    expect(on.body).toMatchObject({ id: q3.id, is_active: true, effective_date: '2026-07-01' });
    expect((await alabama()).map((r) => r.id)).toEqual([q3.id]);
  });

  it('still refuses a second active Alabama rate in the same quarter', async () => {
    const res = await t.http
      .post(LIST)
      .set(a.auth)
      .send({ name: 'Alabama', abbreviation: 'AL', rate: 0.35, country: 'USA', effective_date: '2026-08-01' })
      .expect(409);
    expect(res.body.error).toBe('An active tax rate for AL already exists');
    const [q3] = await alabama();
    const inactive = await t.http
      .post(LIST)
      .set(a.auth)
      .send({
        name: 'Alabama',
        abbreviation: 'AL',
        rate: 0.35,
        country: 'USA',
        effective_date: '2026-08-01',
        is_active: false,
      })
      .expect(201);
    const bulk = await t.http
      .put(`${LIST}/bulk`)
      .set(a.auth)
      .send({ ids: [inactive.body.id], is_active: true })
      .expect(409);
    expect(bulk.body.error).toBe('An active tax rate for AL already exists');
    expect((await alabama()).filter((r) => r.is_active).map((r) => r.id)).toEqual([q3.id]);
  });
});
