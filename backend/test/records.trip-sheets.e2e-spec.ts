import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * Trip sheets (what an IVMR holds): segments imported with a trip number make one trip, with its dates, origin and
 * destination, driver, odometer and miles by jurisdiction; segments kept without one, as before, are trips of
 * their own.
 */
const HEADER =
  'Date,Unit,State,Miles,Trip number,Driver,Origin city,Origin state,Destination city,Destination state,' +
  'Odometer start,Odometer end';
const SEGMENTS = [
  // The whole trip's origin and destination on its first segment only: the others carry the trip number.
  '2026-07-06,T1,TX,300,TR-1,J. Smith,Dallas,Texas,Tulsa,OK,1000,1300',
  '2026-07-07,T1,OK,120.5,TR-1,,,,,,1300,1420.5',
  '2026-07-08,T1,TX,25,TR-1,,,,,,1420.5,1445.5',
  // A trip given whole on one row, without a trip number.
  '2026-07-09,T1,OK,80,,A. Lee,Tulsa,OK,Norman,OK,1445.5,1525.5',
];

describe('trip sheets: segments grouped by trip number into trips', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: TestAccount;

  const upload = (path: string, csv: string) =>
    t.http.post(path).set(a.auth).attach('file', Buffer.from(csv), 'trips.csv');
  const sheets = async (query: Record<string, string | number>, who: TestAccount = a) =>
    (await t.http.get('/api/protected/records/trip-sheets').query(query).set(who.auth).expect(200)).body as {
      data: Array<Record<string, unknown>>;
      pagination: { total: number };
    };

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    other = await registerAccount(t.http);
    // Old data: a segment kept before trip sheets, with none of their fields.
    await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ date: '2026-07-02', unit: 'T2', jurisdiction: 'KY', miles: 200 })
      .expect(201);
  });
  afterAll(() => t.close());

  it('reads the template’s trip-sheet columns without a mapping, and imports them', async () => {
    const csv = [HEADER, ...SEGMENTS].join('\n');
    const preview = await upload('/api/protected/trips/import/preview', csv).expect(200);
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.mapping).toMatchObject({
      trip_number: 'Trip number',
      driver: 'Driver',
      origin_city: 'Origin city',
      origin_jurisdiction: 'Origin state',
      destination_city: 'Destination city',
      destination_jurisdiction: 'Destination state',
    });
    expect(preview.body.rows[0]).toMatchObject({
      trip_number: 'TR-1',
      driver: 'J. Smith',
      origin_city: 'Dallas',
      origin_jurisdiction: 'TX', // "Texas", stored as its code
      destination_jurisdiction: 'OK',
    });
    expect(preview.body.rows[1]).toMatchObject({ trip_number: 'TR-1', driver: null, origin_city: null });
    const applied = await upload('/api/protected/trips/import', csv).expect(200);
    expect(applied.body).toMatchObject({ imported: 4 });
  });

  it('lists the segments of a trip number as one trip, and every other segment as a trip of its own', async () => {
    const body = await sheets({ period: 'Q3-2026' });
    expect(body.pagination.total).toBe(3);
    const [old, tr1, whole] = body.data;
    expect(old).toMatchObject({
      trip_number: null,
      start_date: '2026-07-02',
      end_date: '2026-07-02',
      unit: 'T2',
      driver: null,
      origin_city: null,
      destination_city: null,
      odometer_start: null,
      odometer_end: null,
      total_miles: 200,
      jurisdictions: [{ jurisdiction: 'KY', miles: 200, taxable_miles: 200 }],
    });
    expect(old.segment_ids).toHaveLength(1);
    expect(tr1).toMatchObject({
      trip_number: 'TR-1',
      start_date: '2026-07-06',
      end_date: '2026-07-08',
      unit: 'T1',
      vin: null,
      driver: 'J. Smith',
      origin_city: 'Dallas',
      origin_jurisdiction: 'TX',
      destination_city: 'Tulsa',
      destination_jurisdiction: 'OK',
      odometer_start: 1000,
      odometer_end: 1445.5,
      total_miles: 445.5,
      jurisdictions: [
        { jurisdiction: 'TX', miles: 325, taxable_miles: 325 },
        { jurisdiction: 'OK', miles: 120.5, taxable_miles: 120.5 },
      ],
    });
    expect(tr1.segment_ids).toHaveLength(3);
    expect(whole).toMatchObject({
      trip_number: null,
      start_date: '2026-07-09',
      driver: 'A. Lee',
      origin_city: 'Tulsa',
      destination_city: 'Norman',
      total_miles: 80,
    });
    // One unit only, a page of one, and nothing for another account or another quarter.
    expect((await sheets({ period: 'Q3-2026', unit: 'T2' })).data.map((trip) => trip.unit)).toEqual(['T2']);
    const page2 = await sheets({ period: 'Q3-2026', limit: 1, page: 2 });
    expect(page2.data.map((trip) => trip.trip_number)).toEqual(['TR-1']);
    expect((await sheets({ period: 'Q3-2026' }, other)).data).toEqual([]);
    expect((await sheets({ period: 'Q4-2026' })).data).toEqual([]);
  });

  it('names the trip’s vehicle VIN when its vehicle has one', async () => {
    const vehicles = await t.http.get('/api/protected/vehicles').query({ limit: 100 }).set(a.auth).expect(200);
    const t1 = (vehicles.body.data as Array<{ id: string; unit: string }>).find((v) => v.unit === 'T1')!;
    await t.http.put(`/api/protected/vehicles/${t1.id}`).set(a.auth).send({ vin: '1XKAD49X0CJ123456' }).expect(200);
    const body = await sheets({ period: 'Q3-2026', unit: 'T1' });
    expect(body.data.map((trip) => trip.vin)).toEqual(['1XKAD49X0CJ123456', '1XKAD49X0CJ123456']);
  });

  it('keeps the trip fields a form sends, and answers 400 naming a bad one', async () => {
    const created = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({
        date: '2026-08-01',
        unit: 'T3',
        jurisdiction: 'TX',
        miles: 50,
        trip_number: ' TR-9 ',
        driver: 'M. Cruz',
        origin_city: 'Austin',
        origin_jurisdiction: 'tx',
        destination_city: '',
        destination_jurisdiction: null,
      })
      .expect(201);
    expect(created.body).toMatchObject({
      trip_number: 'TR-9',
      driver: 'M. Cruz',
      origin_city: 'Austin',
      origin_jurisdiction: 'TX',
      destination_city: null,
      destination_jurisdiction: null,
    });
    const bad = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ date: '2026-08-01', unit: 'T3', jurisdiction: 'TX', miles: 5, origin_jurisdiction: 'Atlantis' })
      .expect(400);
    expect(bad.body.fields).toEqual({ origin_jurisdiction: 'origin_jurisdiction "Atlantis" is not a jurisdiction' });
    const long = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ date: '2026-08-01', unit: 'T3', jurisdiction: 'TX', miles: 5, driver: 'x'.repeat(101) })
      .expect(400);
    expect(JSON.stringify(long.body)).toContain('driver must be at most 100 characters');
    const number = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ date: '2026-08-01', unit: 'T3', jurisdiction: 'TX', miles: 5, trip_number: 42 })
      .expect(400);
    expect(JSON.stringify(number.body)).toContain('trip_number must be text');
    // An import names the row and the field of a destination that is no jurisdiction.
    const preview = await upload(
      '/api/protected/trips/import/preview',
      [HEADER, '2026-08-02,T3,TX,10,TR-10,,Austin,TX,Nowhere,ZZ,,'].join('\n'),
    ).expect(200);
    expect(preview.body.problems).toEqual([
      expect.objectContaining({ row: 2, field: 'destination_jurisdiction', value: 'ZZ' }),
    ]);
  });
});
