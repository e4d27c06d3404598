import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** The vehicle list: the form's checks, the list's paging, sorting and filters, and one account's rows only. */
describe('vehicles: the list and its form', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    [a, other] = await Promise.all([registerAccount(t.http), registerAccount(t.http)]);
  });
  afterAll(() => t.close());

  const create = (body: object, account = a) => t.http.post('/api/protected/vehicles').set(account.auth).send(body);

  let truckId: string;
  it('adds a vehicle with every field, the VIN in capitals, and answers it', async () => {
    const res = await create({
      unit: ' T-101 ',
      fuel_type: 'diesel',
      vin: '1fujgldr12lm12345',
      plate: 'TX 4KD-921',
      active_from: '2026-01-01',
      active_to: '2026-12-31',
    }).expect(201);
    truckId = res.body.id;
    expect(res.body).toEqual({
      id: expect.any(String),
      unit: 'T-101',
      fuel_type: 'diesel',
      fuel_type_source: 'user',
      vin: '1FUJGLDR12LM12345',
      plate: 'TX 4KD-921',
      active_from: '2026-01-01',
      active_to: '2026-12-31',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await t.http.get(`/api/protected/vehicles/${truckId}`).set(a.auth).expect(200);
    expect(got.body).toEqual(res.body);
  });

  it('adds one with the unit and fuel type alone; blanks are no value', async () => {
    const res = await create({ unit: 'V-7', fuel_type: 'gasoline', vin: '', plate: ' ', active_from: '' }).expect(201);
    expect(res.body).toMatchObject({ unit: 'V-7', vin: null, plate: null, active_from: null, active_to: null });
  });

  it.each([
    ['no unit', { fuel_type: 'diesel' }, 'unit', 'unit is required'],
    ['a blank unit', { unit: '  ', fuel_type: 'diesel' }, 'unit', 'unit is required'],
    ['a unit of 51 characters', { unit: 'U'.repeat(51), fuel_type: 'diesel' }, 'unit', 'at most 50'],
    ['no fuel type', { unit: 'X1' }, 'fuel_type', 'fuel_type must be one of diesel, gasoline'],
    ['an unknown fuel type', { unit: 'X1', fuel_type: 'kerosene' }, 'fuel_type', 'fuel_type must be one of'],
    ['a VIN of 16 characters', { unit: 'X1', fuel_type: 'diesel', vin: '1FUJGLDR12LM1234' }, 'vin', '17 letters'],
    ['a VIN with an O', { unit: 'X1', fuel_type: 'diesel', vin: '1FUJGLDR12LM1234O' }, 'vin', 'without I, O or Q'],
    ['a VIN with an I', { unit: 'X1', fuel_type: 'diesel', vin: 'IFUJGLDR12LM12345' }, 'vin', 'without I, O or Q'],
    ['a VIN with a Q', { unit: 'X1', fuel_type: 'diesel', vin: '1FUJGLDR12LM1234Q' }, 'vin', 'without I, O or Q'],
    ['a VIN with a dash', { unit: 'X1', fuel_type: 'diesel', vin: '1FUJGLDR12-M12345' }, 'vin', '17 letters'],
    ['a plate of 21 characters', { unit: 'X1', fuel_type: 'diesel', plate: 'P'.repeat(21) }, 'plate', 'at most 20'],
    ['a date that is not one', { unit: 'X1', fuel_type: 'diesel', active_from: '2026-02-30' }, 'active_from', 'date'],
    ['a date with a time', { unit: 'X1', fuel_type: 'diesel', active_to: '2026-02-03T10:00' }, 'active_to', 'date'],
    [
      'active_to before active_from',
      { unit: 'X1', fuel_type: 'diesel', active_from: '2026-06-01', active_to: '2026-05-31' },
      'active_to',
      'active_to must not be before active_from (2026-06-01)',
    ],
  ])('refuses %s with a 400 naming the field', async (_name, body, field, message) => {
    const res = await create(body).expect(400);
    expect(res.body.fields).toHaveProperty([field]);
    expect(res.body.fields[field]).toContain(message);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('refuses an unknown field', async () => {
    const res = await create({ unit: 'X1', fuel_type: 'diesel', odometer: 5 }).expect(400);
    expect(res.body.error).toContain('odometer');
  });

  it('keeps one vehicle per unit whatever its case: a second one is a 409 naming the unit', async () => {
    const res = await create({ unit: 't-101', fuel_type: 'gasoline' }).expect(409);
    expect(res.body.error).toBe('A vehicle with unit t-101 exists');
    // Another account may use the same unit.
    await create({ unit: 'T-101', fuel_type: 'diesel' }, other).expect(201);
  });

  it('changes the fields given and keeps the others; null clears an optional one', async () => {
    const res = await t.http
      .put(`/api/protected/vehicles/${truckId}`)
      .set(a.auth)
      .send({ fuel_type: 'propane', plate: null, active_to: null })
      .expect(200);
    expect(res.body).toMatchObject({
      unit: 'T-101',
      fuel_type: 'propane',
      fuel_type_source: 'user',
      vin: '1FUJGLDR12LM12345',
      plate: null,
      active_from: '2026-01-01',
      active_to: null,
    });
  });

  it('checks the dates of a change against the ones kept', async () => {
    const res = await t.http
      .put(`/api/protected/vehicles/${truckId}`)
      .set(a.auth)
      .send({ active_to: '2025-12-31' })
      .expect(400);
    expect(res.body.fields.active_to).toBe('active_to must not be before active_from (2026-01-01)');
  });

  it("refuses renaming a unit to another vehicle's", async () => {
    await t.http.put(`/api/protected/vehicles/${truckId}`).set(a.auth).send({ unit: 'v-7' }).expect(409);
  });

  it('lists a page with the envelope of the other lists, sorted, searched and filtered', async () => {
    for (const unit of ['A-1', 'B-2', 'C-3']) await create({ unit, fuel_type: 'diesel', plate: `PL-${unit}` });
    const page = await t.http.get('/api/protected/vehicles').query({ limit: 2 }).set(a.auth).expect(200);
    expect(page.body.pagination).toEqual({ total: 5, totalPages: 3, page: 1, limit: 2 });
    expect(page.body.data.map((v: { unit: string }) => v.unit)).toEqual(['A-1', 'B-2']);
    const desc = await t.http.get('/api/protected/vehicles').query({ sort: 'unit', order: 'DESC' }).set(a.auth);
    expect(desc.body.data.map((v: { unit: string }) => v.unit)).toEqual(['V-7', 'T-101', 'C-3', 'B-2', 'A-1']);
    const searched = await t.http.get('/api/protected/vehicles').query({ search: 'pl-b' }).set(a.auth).expect(200);
    expect(searched.body.data.map((v: { unit: string }) => v.unit)).toEqual(['B-2']);
    const byVin = await t.http.get('/api/protected/vehicles').query({ search: 'lm123' }).set(a.auth).expect(200);
    expect(byVin.body.data.map((v: { unit: string }) => v.unit)).toEqual(['T-101']);
    const wildcard = await t.http.get('/api/protected/vehicles').query({ search: '%' }).set(a.auth).expect(200);
    expect(wildcard.body.data).toEqual([]);
    const gasoline = await t.http.get('/api/protected/vehicles').query({ fuel_type: 'gasoline' }).set(a.auth);
    expect(gasoline.body.data.map((v: { unit: string }) => v.unit)).toEqual(['V-7']);
  });

  it.each([
    [{ sort: 'vin' }, 'sort'],
    [{ order: 'up' }, 'order'],
    [{ limit: 101 }, 'limit'],
    [{ page: 0 }, 'page'],
    [{ fuel_type: 'kerosene' }, 'fuel_type'],
  ])('refuses the list query %j with a 400 naming %s', async (query, field) => {
    const res = await t.http.get('/api/protected/vehicles').query(query).set(a.auth).expect(400);
    expect(res.body.fields).toHaveProperty([field]);
  });

  it("answers 404 for another account's vehicle, and for an id that is not one, changing nothing", async () => {
    for (const id of [truckId, 'not-an-id']) {
      await t.http.get(`/api/protected/vehicles/${id}`).set(other.auth).expect(404);
      await t.http.put(`/api/protected/vehicles/${id}`).set(other.auth).send({ fuel_type: 'cng' }).expect(404);
      await t.http.delete(`/api/protected/vehicles/${id}`).set(other.auth).expect(404);
    }
    const mine = await t.http.get(`/api/protected/vehicles/${truckId}`).set(a.auth).expect(200);
    expect(mine.body.fuel_type).toBe('propane');
    const theirs = await t.http.get('/api/protected/vehicles').set(other.auth).expect(200);
    expect(theirs.body.data.map((v: { unit: string }) => v.unit)).toEqual(['T-101']);
  });

  it('deletes a vehicle and answers it; then it is gone', async () => {
    const res = await t.http.delete(`/api/protected/vehicles/${truckId}`).set(a.auth).expect(200);
    expect(res.body).toMatchObject({ id: truckId, unit: 'T-101' });
    await t.http.get(`/api/protected/vehicles/${truckId}`).set(a.auth).expect(404);
    await t.http.delete(`/api/protected/vehicles/${truckId}`).set(a.auth).expect(404);
  });
});
