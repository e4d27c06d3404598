import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { VehiclesRepository } from '../src/vehicles/vehicles.repository.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * Units named on trips and receipts become vehicles, in the import's own transaction, with the fuel they bought most
 * of; a return built from records puts a unit's miles in its vehicle's fuel schedule, and the checks list the units
 * whose purchases disagree with it.
 */
describe('vehicles: made from the records, and the return built from them', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  // A fuel file's receipts name their seller and total, as a return needs of a receipt to credit its tax as paid.
  const complete = (lines: string[]) =>
    lines.map((line, i) => line + (i === 0 ? ',vendor,vendor address,total' : ',Pilot #1,1 Main St,100'));
  const upload = (kind: 'trips' | 'fuel-purchases', lines: string[]) =>
    t.http
      .post(`/api/protected/${kind}/import`)
      .set(a.auth)
      .attach('file', Buffer.from((kind === 'trips' ? lines : complete(lines)).join('\n')), 'records.csv');
  const vehicles = async () =>
    (await t.http.get('/api/protected/vehicles').query({ limit: 100 }).set(a.auth).expect(200)).body.data.map(
      (v: { unit: string; fuel_type: string; fuel_type_source: string }) => [v.unit, v.fuel_type, v.fuel_type_source],
    );
  const vehicleId = async (unit: string) =>
    (await t.http.get('/api/protected/vehicles').query({ search: unit }).set(a.auth).expect(200)).body.data.find(
      (v: { unit: string }) => v.unit === unit,
    ).id as string;
  const preview = async (fuel_type: string) =>
    (
      await t.http.post('/api/protected/returns/preview').set(a.auth).send({ period: 'Q2-2026', fuel_type }).expect(200)
    ).body.lines.map((l: { name: string; total_miles: number; gallons_purchased: number }) => [
      l.name,
      l.total_miles,
      l.gallons_purchased,
    ]);

  it('makes a vehicle of each unit a fuel import names, with the fuel it bought most gallons of', async () => {
    // T1, a diesel truck that once bought 10 gallons of gasoline; V1, a gasoline van; R9, which the user added
    // by hand as a propane unit before any receipt named it.
    await t.http.post('/api/protected/vehicles').set(a.auth).send({ unit: 'R9', fuel_type: 'propane' }).expect(201);
    await upload('fuel-purchases', [
      'date,unit,state,gallons,fuel type',
      '2026-05-04,T1,AR,300,diesel',
      '2026-05-05,T1,OK,10,gasoline',
      '2026-05-04,V1,TX,80,gasoline',
      '2026-05-06,R9,TX,50,diesel',
    ]).expect(200);
    expect(await vehicles()).toEqual([
      ['R9', 'propane', 'user'],
      ['T1', 'diesel', 'purchases'],
      ['V1', 'gasoline', 'purchases'],
    ]);
  });

  it('makes a diesel vehicle of a unit that bought nothing; its case-variant is the same vehicle', async () => {
    await upload('trips', [
      'date,unit,state,miles',
      '2026-05-04,T1,AR,2000',
      '2026-05-07,t1,AR,100',
      '2026-05-04,V1,TX,500',
      '2026-05-04,V1,OK,300',
      '2026-05-06,R9,TX,400',
      '2026-05-08,N1,KY,700',
    ]).expect(200);
    expect(await vehicles()).toEqual([
      ['N1', 'diesel', 'default'],
      ['R9', 'propane', 'user'],
      ['T1', 'diesel', 'purchases'],
      ['V1', 'gasoline', 'purchases'],
    ]);
  });

  it('never changes a vehicle whose fuel type came from purchases or from the user', async () => {
    // T1 now bought more gasoline than diesel, and R9 more diesel: both keep their fuel type.
    await upload('fuel-purchases', [
      'date,unit,state,gallons,fuel type',
      '2026-06-01,T1,OK,500,gasoline',
      '2026-06-02,R9,TX,900,diesel',
    ]).expect(200);
    expect(await vehicles()).toEqual([
      ['N1', 'diesel', 'default'],
      ['R9', 'propane', 'user'],
      ['T1', 'diesel', 'purchases'],
      ['V1', 'gasoline', 'purchases'],
    ]);
  });

  it("puts each unit's miles in its vehicle's schedule; other fuels' receipts stay purchases of their fuel", async () => {
    // Diesel: T1 and t1 (2,100 AR) and N1 (700 KY); R9's 950 diesel gallons are diesel purchases without its miles.
    expect(await preview('diesel')).toEqual([
      ['AR', 2100, 300],
      ['KY', 700, 0],
      ['TX', 0, 950],
    ]);
    expect(await preview('gasoline')).toEqual([
      ['OK', 300, 510],
      ['TX', 500, 80],
    ]);
    expect(await preview('propane')).toEqual([['TX', 400, 0]]);
  });

  it("moves a unit's miles to the fuel type the user gives its vehicle", async () => {
    const res = await t.http
      .put(`/api/protected/vehicles/${await vehicleId('T1')}`)
      .set(a.auth)
      .send({ fuel_type: 'gasoline' })
      .expect(200);
    expect(res.body).toMatchObject({ unit: 'T1', fuel_type: 'gasoline', fuel_type_source: 'user' });
    // T1's 2,100 miles leave the diesel schedule, its 300 diesel gallons stay there.
    expect(await preview('diesel')).toEqual([
      ['AR', 0, 300],
      ['KY', 700, 0],
      ['TX', 0, 950],
    ]);
    expect(await preview('gasoline')).toEqual([
      ['AR', 2100, 0],
      ['OK', 300, 510],
      ['TX', 500, 80],
    ]);
    // The return built from records holds the same lines.
    const built = await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q2-2026', fuel_type: 'gasoline' })
      .expect(200);
    expect(
      built.body.report.jurisdictions.map((j: { code: string; total_miles: number }) => [j.code, j.total_miles]),
    ).toEqual([
      ['AR', 2100],
      ['OK', 300],
      ['TX', 500],
    ]);
  });

  it("lists the units whose purchases disagree with their vehicle's fuel type", async () => {
    const res = await t.http.get('/api/protected/records/checks').query({ period: 'Q2-2026' }).set(a.auth).expect(200);
    expect(res.body.fuel_mismatches).toEqual([
      { unit: 'R9', fuel_type: 'propane', other_fuels: [{ fuel_type: 'diesel', gallons: 950 }] },
      { unit: 'T1', fuel_type: 'gasoline', other_fuels: [{ fuel_type: 'diesel', gallons: 300 }] },
    ]);
  });

  it("fills in a default vehicle's fuel type from its first purchases", async () => {
    // N1 was diesel only because it had bought nothing: its first receipts say what it runs on.
    await upload('fuel-purchases', ['date,unit,state,gallons,fuel type', '2026-05-09,N1,KY,90,cng']).expect(200);
    expect((await vehicles()).find(([unit]: string[]) => unit === 'N1')).toEqual(['N1', 'cng', 'purchases']);
  });

  it('makes the vehicle of a unit named by a trip typed in or changed by hand', async () => {
    const trip = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ date: '2026-05-10', unit: 'H1', jurisdiction: 'TX', miles: 10 })
      .expect(201);
    await t.http
      .put(`/api/protected/trips/${trip.body.id}`)
      .set(a.auth)
      .send({ date: '2026-05-10', unit: 'H2', jurisdiction: 'TX', miles: 10 })
      .expect(200);
    const units = (await vehicles()).map(([unit]: string[]) => unit);
    expect(units).toEqual(expect.arrayContaining(['H1', 'H2']));
  });

  it('writes neither records nor vehicles when an import is refused', async () => {
    const before = await vehicles();
    await upload('trips', ['date,unit,state,miles', '2026-05-04,Z1,TX,10', '2026-13-01,Z2,TX,10']).expect(400);
    expect(await vehicles()).toEqual(before);
  });

  it('writes no record when making the vehicles fails: the import is one transaction', async () => {
    const trips = async () =>
      (await t.http.get('/api/protected/trips').set(a.auth).expect(200)).body.pagination.total as number;
    const count = await trips();
    const spy = jest
      .spyOn(t.app.get(VehiclesRepository), 'ensureUnits')
      .mockRejectedValueOnce(new Error('the vehicles write failed'));
    try {
      await upload('trips', ['date,unit,state,miles', '2026-05-04,Z3,TX,10']).expect(500);
    } finally {
      spy.mockRestore();
    }
    expect(await trips()).toBe(count);
    expect((await vehicles()).map(([unit]: string[]) => unit)).not.toContain('Z3');
  });
});
