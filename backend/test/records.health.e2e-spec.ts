import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

interface Finding {
  check: string;
  key: string;
  unit: string;
  severity: string;
  details: Record<string, unknown>;
  trip_ids: string[];
  fuel_ids: string[];
  acknowledged: boolean;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  acknowledgement_note: string | null;
}

/**
 * The auditor's checks of a quarter's records (docs/records-health.md), on a fleet of diesel units each built to trip
 * exactly one check, and a unit that trips none although it bought fuel on the quarter's first day after miles on
 * the day before.
 */
describe('records health: the auditor’s checks per quarter and vehicle', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: TestAccount;
  const ids: Record<string, string> = {};

  const trip = async (name: string, body: Record<string, unknown>) => {
    const res = await t.http.post('/api/protected/trips').set(a.auth).send(body).expect(201);
    ids[name] = res.body.id;
  };
  let receipt = 0;
  const fuel = async (name: string, body: Record<string, unknown>) => {
    receipt += 1;
    const res = await t.http
      .post('/api/protected/fuel-purchases')
      .set(a.auth)
      .send({
        vendor: 'Pilot #12',
        vendor_address: '1200 I-35 N, Dallas TX',
        total_price: 380.5,
        receipt_number: `R-${receipt}`,
        ...body,
      })
      .expect(201);
    ids[name] = res.body.id;
  };
  const health = async (query: Record<string, string> = {}, who: TestAccount = a) =>
    (
      await t.http
        .get('/api/protected/records/health')
        .query({ period: 'Q3-2026', ...query })
        .set(who.auth)
        .expect(200)
    ).body as { score: number; unit: string | null; settings: Record<string, number>; findings: Finding[] };

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    other = await registerAccount(t.http);
    const day = (d: number) => `2026-07-${String(d).padStart(2, '0')}`;
    // GAP: segment 1 ends at 1,300, segment 2 starts at 1,350. 600 mi / 100 gal = 6.00 MPG.
    await fuel('gapFuel', { date: day(1), unit: 'GAP', jurisdiction: 'TX', quantity: 100 });
    await trip('gap1', {
      date: day(1),
      unit: 'GAP',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 1000,
      odometer_end: 1300,
    });
    await trip('gap2', {
      date: day(2),
      unit: 'GAP',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 1350,
      odometer_end: 1650,
    });
    // OVERLAP: segment 2 starts at 1,280, 20 miles before segment 1 ended.
    await fuel('overlapFuel', { date: day(1), unit: 'OVERLAP', jurisdiction: 'TX', quantity: 100 });
    await trip('overlap1', {
      date: day(1),
      unit: 'OVERLAP',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 1000,
      odometer_end: 1300,
    });
    await trip('overlap2', {
      date: day(2),
      unit: 'OVERLAP',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 1280,
      odometer_end: 1580,
    });
    // MPG: 300 mi / 100 gal = 3.00, under 4.00.
    await fuel('mpgFuel', { date: day(1), unit: 'MPG', jurisdiction: 'TX', quantity: 100 });
    await trip('mpgTrip', { date: day(1), unit: 'MPG', jurisdiction: 'TX', miles: 300 });
    // ELSEWHERE: 50 gal in Oklahoma on the 5th, no Oklahoma miles from the 4th to the 6th.
    await fuel('elsewhereTx', { date: day(1), unit: 'ELSEWHERE', jurisdiction: 'TX', quantity: 50 });
    await fuel('elsewhereOk', { date: day(5), unit: 'ELSEWHERE', jurisdiction: 'OK', quantity: 50 });
    await trip('elsewhereTrip', { date: day(1), unit: 'ELSEWHERE', jurisdiction: 'TX', miles: 600 });
    // DRY: 1,800 miles after its one purchase (7.20 MPG), past 1,500.
    await fuel('dryFuel', { date: day(1), unit: 'DRY', jurisdiction: 'TX', quantity: 250 });
    for (const d of [1, 2, 3]) await trip(`dry${d}`, { date: day(d), unit: 'DRY', jurisdiction: 'TX', miles: 600 });
    // RECEIPT: a tax-paid purchase with no seller name, address or total.
    await fuel('receiptFuel', {
      date: day(1),
      unit: 'RECEIPT',
      jurisdiction: 'TX',
      quantity: 100,
      vendor: '',
      vendor_address: '',
      total_price: null,
    });
    await trip('receiptTrip', { date: day(1), unit: 'RECEIPT', jurisdiction: 'TX', miles: 600 });
    // MIXED: a diesel truck (its first purchase) that also bought 5 gallons of gasoline.
    await fuel('mixedDiesel', { date: day(1), unit: 'MIXED', jurisdiction: 'TX', quantity: 100 });
    await fuel('mixedGasoline', {
      date: day(1),
      unit: 'MIXED',
      jurisdiction: 'TX',
      quantity: 5,
      fuel_type: 'gasoline',
    });
    await trip('mixedTrip', { date: day(1), unit: 'MIXED', jurisdiction: 'TX', miles: 600 });
    // CLEAN: Oklahoma fuel on 1 July after Oklahoma miles on 30 June (the quarter before), and odometers that meet.
    await trip('cleanBefore', { date: '2026-06-30', unit: 'CLEAN', jurisdiction: 'OK', miles: 100 });
    await fuel('cleanFuel', { date: day(1), unit: 'CLEAN', jurisdiction: 'OK', quantity: 100 });
    await trip('clean1', {
      date: day(1),
      unit: 'CLEAN',
      jurisdiction: 'OK',
      miles: 300,
      odometer_start: 5000,
      odometer_end: 5300,
    });
    await trip('clean2', {
      date: day(2),
      unit: 'CLEAN',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 5300,
      odometer_end: 5600,
    });
  });
  afterAll(() => t.close());

  it('finds each check exactly once, on the unit built for it, with the figures and records behind it', async () => {
    const body = await health();
    const f = (check: string) => body.findings.find((x) => x.check === check)!;
    expect(body.findings.map((x) => [x.check, x.unit, x.severity])).toEqual([
      ['odometer_gap', 'GAP', 'high'],
      ['odometer_overlap', 'OVERLAP', 'medium'],
      ['mpg_out_of_band', 'MPG', 'high'],
      ['fuel_without_miles', 'ELSEWHERE', 'medium'],
      ['no_fuel_distance', 'DRY', 'medium'],
      ['receipt_missing_fields', 'RECEIPT', 'low'],
      ['fuel_type_mismatch', 'MIXED', 'medium'],
    ]);
    expect(f('odometer_gap')).toMatchObject({
      details: { miles: 50, odometer_end: 1300, odometer_start: 1350, from: '2026-07-01', to: '2026-07-02' },
      trip_ids: [ids.gap1, ids.gap2],
      fuel_ids: [],
    });
    expect(f('odometer_overlap')).toMatchObject({ details: { miles: 20 }, trip_ids: [ids.overlap1, ids.overlap2] });
    expect(f('mpg_out_of_band')).toMatchObject({
      key: 'MPG|2026-07-01',
      details: { miles: 300, gallons: 100, mpg: 3, mpg_min: 4, mpg_max: 8.5 },
      trip_ids: [ids.mpgTrip],
      fuel_ids: [ids.mpgFuel],
    });
    expect(f('fuel_without_miles')).toMatchObject({
      details: { gallons: 50, jurisdiction: 'OK', from: '2026-07-04', to: '2026-07-06' },
      fuel_ids: [ids.elsewhereOk],
    });
    expect(f('no_fuel_distance')).toMatchObject({
      details: { miles: 1800, limit_miles: 1500, from: '2026-07-01', to: '2026-07-03' },
      trip_ids: [ids.dry1, ids.dry2, ids.dry3],
    });
    expect(f('receipt_missing_fields')).toMatchObject({
      details: { missing: ['vendor', 'vendor_address', 'total_price'] },
      fuel_ids: [ids.receiptFuel],
    });
    expect(f('fuel_type_mismatch')).toMatchObject({
      details: { gallons: 5, fuel_type: 'diesel', other_fuel_types: ['gasoline'] },
      fuel_ids: [ids.mixedGasoline],
    });
    // 100 - (10 + 5 + 10 + 5 + 5 + 2 + 5).
    expect(body.score).toBe(58);
    expect(body.settings).toEqual({ mpg_min: 4, mpg_max: 8.5, no_fuel_miles: 1500 });
    expect(body.findings.every((x) => !x.acknowledged && x.acknowledged_by === null)).toBe(true);
  });

  it('answers one unit’s findings and score, whatever the case of the unit asked for', async () => {
    const body = await health({ unit: 'mpg' });
    expect(body.findings.map((x) => x.check)).toEqual(['mpg_out_of_band']);
    expect(body.score).toBe(90);
    expect((await health({ unit: 'CLEAN' })).findings).toEqual([]);
  });

  it('keeps an acknowledgement with its note and who made it; the finding then no longer lowers the score', async () => {
    const res = await t.http
      .post('/api/protected/records/health/acknowledgements')
      .set(a.auth)
      .send({ check: 'mpg_out_of_band', key: 'MPG|2026-07-01', note: 'Idles for the reefer all summer' })
      .expect(200);
    expect(res.body).toMatchObject({ check: 'mpg_out_of_band', key: 'MPG|2026-07-01', acknowledged_by: a.user.email });
    const body = await health();
    expect(body.score).toBe(68);
    expect(body.findings.find((x) => x.check === 'mpg_out_of_band')).toMatchObject({
      acknowledged: true,
      acknowledged_by: a.user.email,
      acknowledgement_note: 'Idles for the reefer all summer',
      acknowledged_at: res.body.acknowledged_at,
    });
    // Another account acknowledging the same key changes nothing here, and sees none of these findings.
    await t.http
      .post('/api/protected/records/health/acknowledgements')
      .set(other.auth)
      .send({ check: 'odometer_gap', key: `GAP|${ids.gap1}|${ids.gap2}`, note: 'not mine' })
      .expect(200);
    expect((await health()).findings.find((x) => x.check === 'odometer_gap')!.acknowledged).toBe(false);
    expect(await health({}, other)).toMatchObject({ score: 100, findings: [] });
    // The same unit's MPG in the next quarter is a finding of its own, not acknowledged.
    await fuel('mpgNextFuel', { date: '2026-10-05', unit: 'MPG', jurisdiction: 'TX', quantity: 100 });
    await trip('mpgNextTrip', { date: '2026-10-05', unit: 'MPG', jurisdiction: 'TX', miles: 300 });
    const next = await health({ period: 'Q4-2026', unit: 'MPG' });
    expect(next.findings).toMatchObject([{ check: 'mpg_out_of_band', key: 'MPG|2026-10-01', acknowledged: false }]);
    expect(next.score).toBe(90);
  });

  it('reads the account’s MPG band and no-fuel distance', async () => {
    await t.http
      .put('/api/protected/records/health/settings')
      .set(a.auth)
      .send({ mpg_min: 2.5, mpg_max: 8.5, no_fuel_miles: 2000 })
      .expect(200, { mpg_min: 2.5, mpg_max: 8.5, no_fuel_miles: 2000 });
    const body = await health();
    expect(body.findings.map((x) => x.check)).not.toContain('mpg_out_of_band');
    expect(body.findings.map((x) => x.check)).not.toContain('no_fuel_distance');
    expect(body.settings).toEqual({ mpg_min: 2.5, mpg_max: 8.5, no_fuel_miles: 2000 });
    await t.http
      .put('/api/protected/records/health/settings')
      .set(a.auth)
      .send({ mpg_min: 4, mpg_max: 8.5, no_fuel_miles: 1500 })
      .expect(200);
    expect((await t.http.get('/api/protected/records/health/settings').set(other.auth).expect(200)).body).toEqual({
      mpg_min: 4,
      mpg_max: 8.5,
      no_fuel_miles: 1500,
    });
  });

  it('keeps the odometer readings of a trip and refuses an end before the start, naming the field', async () => {
    const res = await t.http.get(`/api/protected/trips/${ids.gap1}`).set(a.auth).expect(200);
    expect(res.body).toMatchObject({ odometer_start: 1000, odometer_end: 1300 });
    const refused = await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({
        date: '2026-07-09',
        unit: 'GAP',
        jurisdiction: 'TX',
        miles: 10,
        odometer_start: 2000,
        odometer_end: 1990,
      })
      .expect(400);
    expect(refused.body.fields).toEqual({ odometer_end: 'odometer_end must not be less than odometer_start (2000)' });
  });

  it('imports odometer columns from a trip file', async () => {
    const csv = 'Date,Unit,State,Miles,Odometer start,Odometer end\n2026-08-03,IMPORTED,TX,120,"10,000",10120.4\n';
    await t.http
      .post('/api/protected/trips/import')
      .set(a.auth)
      .attach('file', Buffer.from(csv), 'trips.csv')
      .expect(200);
    const list = await t.http.get('/api/protected/trips').query({ unit: 'IMPORTED' }).set(a.auth).expect(200);
    expect(list.body.data).toMatchObject([{ miles: 120, odometer_start: 10000, odometer_end: 10120.4 }]);
  });

  it("keeps a receipt's seller address and total, typed or imported (a statement's $ sign read)", async () => {
    const kept = await t.http.get(`/api/protected/fuel-purchases/${ids.mpgFuel}`).set(a.auth).expect(200);
    expect(kept.body).toMatchObject({ vendor_address: '1200 I-35 N, Dallas TX', total_price: 380.5 });
    const csv =
      'Date,Unit,State,Gallons,Vendor,Address,Total\n2026-08-03,IMPORTED,TX,120,Love’s #7,"9 Main St, Waco TX",$452.18\n';
    await t.http
      .post('/api/protected/fuel-purchases/import')
      .set(a.auth)
      .attach('file', Buffer.from(csv), 'fuel.csv')
      .expect(200);
    const list = await t.http.get('/api/protected/fuel-purchases').query({ unit: 'IMPORTED' }).set(a.auth).expect(200);
    expect(list.body.data).toMatchObject([{ vendor_address: '9 Main St, Waco TX', total_price: 452.18 }]);
  });

  it('lists exactly the records a finding names, by their ids', async () => {
    const { findings } = await health();
    const dry = findings.find((x) => x.check === 'no_fuel_distance')!;
    const trips = await t.http
      .get('/api/protected/trips')
      .query({ ids: dry.trip_ids.join(',') })
      .set(a.auth)
      .expect(200);
    expect(trips.body.data.map((row: { id: string }) => row.id).sort()).toEqual([...dry.trip_ids].sort());
    const elsewhere = findings.find((x) => x.check === 'fuel_without_miles')!;
    const fuel = await t.http
      .get('/api/protected/fuel-purchases')
      .query({ ids: elsewhere.fuel_ids.join(','), period: 'Q3-2026' })
      .set(a.auth)
      .expect(200);
    expect(fuel.body.data).toMatchObject([{ id: ids.elsewhereOk, jurisdiction: 'OK', gallons: 50 }]);
    // Another account naming these ids sees none of them.
    const theirs = await t.http
      .get('/api/protected/trips')
      .query({ ids: dry.trip_ids.join(',') })
      .set(other.auth);
    expect(theirs.body.data).toEqual([]);
    const bad = await t.http.get('/api/protected/trips').query({ ids: 'nope' }).set(a.auth).expect(400);
    expect(bad.body.fields).toEqual({ ids: 'ids must be record ids separated by commas' });
  });

  it('answers 400 naming the field for a bad period, band, or check', async () => {
    const period = await t.http
      .get('/api/protected/records/health')
      .query({ period: 'Q5-2026' })
      .set(a.auth)
      .expect(400);
    expect(period.body.fields).toHaveProperty('period');
    const band = await t.http
      .put('/api/protected/records/health/settings')
      .set(a.auth)
      .send({ mpg_min: 9, mpg_max: 8.5, no_fuel_miles: 1500 })
      .expect(400);
    expect(band.body.fields).toEqual({ mpg_max: 'mpg_max must be more than mpg_min (9)' });
    const check = await t.http
      .post('/api/protected/records/health/acknowledgements')
      .set(a.auth)
      .send({ check: 'nope', key: 'x', note: 'y' })
      .expect(400);
    expect(check.body.fields).toHaveProperty('check');
    const note = await t.http
      .post('/api/protected/records/health/acknowledgements')
      .set(a.auth)
      .send({ check: 'odometer_gap', key: 'x', note: '  ' })
      .expect(400);
    expect(note.body.fields).toEqual({ note: 'note is required' });
  });
});
