import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { workbookBuffer } from './helpers/xlsx.js';

/** A trip log as an ELD export names its columns: every column needs mapping to a field. */
const TRIP_ROWS = [
  ['2026-04-03', 'T1', 'TX', '500', 'yes'],
  ['2026-04-03', 'T1', 'OK', '300', 'yes'],
  ['04/10/2026', 'T1', 'Texas', '250.5', 'yes'],
  ['2026-05-01', 'T2', 'KY', '400', 'yes'],
  ['2026-05-02', 'T2', 'KY', '100', 'no'],
  ['2026-06-30', 'T2', 'Mexico', '120', 'yes'],
];
const TRIPS_CSV = ['Trip Day,Truck No,Where,Odometer Miles,Counts']
  .concat(TRIP_ROWS.map((r) => r.join(',')))
  .join('\n');
const TRIP_MAPPING = {
  date: 'Trip Day',
  unit: 'Truck No',
  jurisdiction: 'Where',
  miles: 'Odometer Miles',
  taxable: 'Counts',
};

/**
 * A fuel-card statement: gallons, whether tax was paid at the pump, a receipt number, and the seller and total a
 * return needs of a receipt to credit its tax as paid.
 */
const FUEL_ROWS = [
  ['2026-04-03', 'T1', 'TX', '100', 'Y', 'R1', 'Pilot #12', '1200 I-35 N Dallas TX', '380.50'],
  ['2026-04-11', 'T1', 'OK', '50.25', 'Y', 'R2', 'Love’s #5', '10 I-40 Oklahoma City OK', '190.10'],
  ['2026-05-01', 'T2', 'KY', '60', 'N', 'R3', 'TA #7', '5 I-65 Louisville KY', '230'],
  ['2026-05-03', 'T2', 'KY', '20', 'Y', 'R4', 'TA #7', '5 I-65 Louisville KY', '77.40'],
];
const FUEL_CSV = ['Txn Date,Card Unit,St,Gal,Taxed,Ticket,Station,Station Address,Amount']
  .concat(FUEL_ROWS.map((r) => r.join(',')))
  .join('\n');
const FUEL_MAPPING = {
  date: 'Txn Date',
  unit: 'Card Unit',
  jurisdiction: 'St',
  gallons: 'Gal',
  tax_paid: 'Taxed',
  receipt_number: 'Ticket',
  vendor: 'Station',
  vendor_address: 'Station Address',
  total_price: 'Amount',
};

const CODES: Record<string, string> = { Texas: 'TX', Mexico: 'MX' };

/** What the return must hold, summed here from the rows above: miles, taxable miles, tax-paid and other gallons. */
function expectedLines() {
  const lines = new Map<string, number[]>();
  const line = (code: string) => lines.get(code) ?? lines.set(code, [0, 0, 0, 0]).get(code)!;
  for (const [, , place, miles, taxable] of TRIP_ROWS) {
    const l = line(CODES[place] ?? place);
    l[0] += Number(miles);
    if (taxable === 'yes' && place !== 'Mexico') l[1] += Number(miles);
  }
  for (const [, , place, gallons, taxed] of FUEL_ROWS) line(place)[taxed === 'Y' ? 2 : 3] += Number(gallons);
  // The official return prints whole miles and gallons.
  return [...lines.entries()].sort().map(([code, [total, taxable, paid, unpaid]]) => ({
    code,
    total_miles: Math.round(total),
    taxable_miles: Math.round(taxable),
    gallons_purchased: Math.round(paid),
    non_tax_paid_gallons: Math.round(unpaid),
  }));
}

const lineFigures = (report: { jurisdictions: Array<Record<string, unknown>> }) =>
  report.jurisdictions.map(({ code, total_miles, taxable_miles, gallons_purchased, non_tax_paid_gallons }) => ({
    code,
    total_miles,
    taxable_miles,
    gallons_purchased,
    non_tax_paid_gallons,
  }));

describe('trip and fuel records to the return', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const upload = (path: string, csv: string, fields: Record<string, string> = {}, account = a) => {
    const req = t.http.post(path).set(account.auth);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req.attach('file', Buffer.from(csv), 'records.csv');
  };
  const total = async (path: string) =>
    (await t.http.get(path).query({ period: 'Q2-2026' }).set(a.auth).expect(200)).body.pagination.total;

  it("reads a column whose header names no unit in the account's unit", async () => {
    const metric = await registerAccount(t.http);
    const csv = 'Date,Unit,State,Distance\n2026-04-10,T1,TX,1609.344\n';
    const inMiles = await upload('/api/protected/trips/import/preview', csv, {}, metric).expect(200);
    expect(inMiles.body.mapping).toMatchObject({ miles: 'Distance' });
    expect(inMiles.body.rows[0]).toMatchObject({ miles: '1609.344' });
    await t.http.put('/api/protected/user/settings').set(metric.auth).send({ distance_unit: 'km_litres' }).expect(200);
    const inKm = await upload('/api/protected/trips/import/preview', csv, {}, metric).expect(200);
    expect(inKm.body.mapping).toMatchObject({ kilometres: 'Distance' });
    expect(inKm.body.rows[0]).toMatchObject({ miles: '1000' });
  });

  it('previews a trip file with a mapping, imports it, and remembers the mapping for that layout', async () => {
    const preview = await upload('/api/protected/trips/import/preview', TRIPS_CSV, {
      mapping: JSON.stringify(TRIP_MAPPING),
    }).expect(200);
    expect(preview.body).toMatchObject({ total_rows: 6, problems: [], duplicates: [], mapping: TRIP_MAPPING });
    expect(preview.body.rows[2]).toEqual({
      date: '2026-04-10',
      unit: 'T1',
      jurisdiction: 'TX',
      miles: '250.5',
      taxable: true,
      non_taxable_reason: null,
      // The file gives no odometer: the trip sheet's route stands instead.
      odometer_start: null,
      odometer_end: null,
      // Nor a trip number: the segment is a trip of its own.
      trip_number: null,
      driver: null,
      origin_city: null,
      origin_jurisdiction: null,
      destination_city: null,
      destination_jurisdiction: null,
    });
    const applied = await upload('/api/protected/trips/import', TRIPS_CSV, {
      mapping: JSON.stringify(TRIP_MAPPING),
    }).expect(200);
    expect(applied.body).toEqual({
      imported: 6,
      skipped_duplicates: 0,
      skipped_rows: 0,
      skipped_counts: {},
      skipped: [],
    });
    expect(await total('/api/protected/trips')).toBe(6);
    // The same layout again, without a mapping: the remembered one is used, and every row is now a duplicate.
    const again = await upload('/api/protected/trips/import/preview', TRIPS_CSV).expect(200);
    expect(again.body.mapping).toEqual(TRIP_MAPPING);
    expect(again.body.duplicates.map((d: { row: number; reason: string }) => [d.row, d.reason])).toEqual(
      [2, 3, 4, 5, 6, 7].map((row) => [row, 'same_record']),
    );
  });

  it('imports a fuel file with a mapping and flags a repeated receipt', async () => {
    await upload('/api/protected/fuel-purchases/import', FUEL_CSV, { mapping: JSON.stringify(FUEL_MAPPING) }).expect(
      200,
    );
    expect(await total('/api/protected/fuel-purchases')).toBe(4);
    const repeat = [FUEL_CSV.split('\n')[0], '2026-06-20,T1,TX,75,Y,R1,A,B,1', '2026-06-21,T1,TX,80,Y,R9,A,B,1'].join(
      '\n',
    );
    const preview = await upload('/api/protected/fuel-purchases/import/preview', repeat).expect(200);
    expect(preview.body.duplicates).toEqual([{ row: 2, reason: 'same_receipt', existing_id: expect.any(String) }]);
  });

  it('refuses a file with a bad row, naming the row, and writes nothing', async () => {
    const csv = 'Trip Day,Truck No,Where,Odometer Miles,Counts\n2026-04-20,T1,TX,10,yes\n2026-13-01,T1,TX,10,yes\n';
    const res = await upload('/api/protected/trips/import', csv).expect(400);
    expect(res.body.message).toContain('row 3: date "2026-13-01" is not a date');
    expect(res.body.fields).toHaveProperty(['rows.3.date']);
    expect(await total('/api/protected/trips')).toBe(6);
  });

  let reportId: string;
  it("builds the Q2-2026 return whose lines are the records' sums", async () => {
    const res = await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q2-2026', fuel_type: 'diesel' })
      .expect(200);
    reportId = res.body.report.id;
    expect(res.body.report).toMatchObject({ calculation_mode: 'official', status: 'draft', tax_period: 'Q2-2026' });
    expect(lineFigures(res.body.report)).toEqual(expectedLines());
    const trips = await t.http.get('/api/protected/trips').set(a.auth).expect(200);
    expect(trips.body.data.every((trip: { report_id: string }) => trip.report_id === reportId)).toBe(true);
  });

  it('shows exactly the changed line after a late receipt, and the rebuild replaces that draft', async () => {
    await t.http
      .post('/api/protected/fuel-purchases')
      .set(a.auth)
      .send({
        date: '2026-06-01',
        unit: 'T1',
        jurisdiction: 'Texas',
        quantity: 40,
        vendor: 'Pilot #12',
        vendor_address: '1200 I-35 N, Dallas TX',
        total_price: 152,
      })
      .expect(201);
    const preview = await t.http
      .post('/api/protected/returns/preview')
      .set(a.auth)
      .send({ period: 'Q2-2026' })
      .expect(200);
    expect(preview.body.changes).toEqual([
      {
        jurisdiction: 'TX',
        change: 'changed',
        before: { total_miles: 751, taxable_miles: 751, gallons_purchased: 100, non_tax_paid_gallons: 0 },
        after: { total_miles: 751, taxable_miles: 751, gallons_purchased: 140, non_tax_paid_gallons: 0 },
      },
    ]);
    const rebuilt = await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q2-2026' })
      .expect(200);
    expect(rebuilt.body.report.id).toBe(reportId);
    const expected = expectedLines().map((line) => (line.code === 'TX' ? { ...line, gallons_purchased: 140 } : line));
    expect(lineFigures(rebuilt.body.report)).toEqual(expected);
  });

  it('lists what a bookkeeper checks: MPG per unit, fuel where no miles, and a unit with miles and no fuel', async () => {
    await t.http
      .post('/api/protected/trips')
      .set(a.auth)
      .send({ date: '2026-06-02', unit: 'T3', jurisdiction: 'OK', miles: 90 })
      .expect(201);
    await t.http
      .post('/api/protected/fuel-purchases')
      .set(a.auth)
      .send({ date: '2026-06-02', unit: 'T2', jurisdiction: 'IL', quantity: 5 })
      .expect(201);
    const res = await t.http.get('/api/protected/records/checks').query({ period: 'Q2-2026' }).set(a.auth).expect(200);
    // T1: 1,050.5 miles / 190.25 gallons = 5.52; T2: 620 / 85 = 7.29; T3: miles, no fuel.
    expect(res.body.units).toEqual([
      { unit: 'T1', miles: 1050.5, gallons: 190.25, mpg: 5.52, outlier: false },
      { unit: 'T2', miles: 620, gallons: 85, mpg: 7.29, outlier: false },
      { unit: 'T3', miles: 90, gallons: 0, mpg: null, outlier: true },
    ]);
    expect(res.body.fuel_without_miles).toEqual([{ jurisdiction: 'IL', gallons: 5 }]);
    expect(res.body.quarter_without_fuel).toBe(false);
  });

  it("locks a final report's records and builds an amendment as a new draft", async () => {
    await t.http.put(`/api/protected/reports/${reportId}`).set(a.auth).send({ status: 'final' }).expect(200);
    const trip = (await t.http.get('/api/protected/trips').query({ unit: 'T1' }).set(a.auth).expect(200)).body.data[0];
    expect(trip.locked).toBe(true);
    const refused = await t.http
      .put(`/api/protected/trips/${trip.id}`)
      .set(a.auth)
      .send({ date: trip.date, unit: 'T1', jurisdiction: 'TX', miles: 1 })
      .expect(409);
    expect(refused.body.error).toContain('final report');
    await t.http.delete(`/api/protected/trips/${trip.id}`).set(a.auth).expect(409);
    const amended = await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q2-2026' })
      .expect(200);
    expect(amended.body.report.id).not.toBe(reportId);
    expect(amended.body.report.status).toBe('draft');
    // The filed return keeps its trips: building the amendment leaves them linked to it, and locked.
    const kept = (await t.http.get(`/api/protected/trips/${trip.id}`).set(a.auth).expect(200)).body;
    expect(kept).toMatchObject({ report_id: reportId, locked: true });
  });

  it("answers 404 for another account's records and 400 naming a bad field", async () => {
    const other = await registerAccount(t.http);
    const trip = (await t.http.get('/api/protected/trips').set(a.auth).expect(200)).body.data[0];
    await t.http.get(`/api/protected/trips/${trip.id}`).set(other.auth).expect(404);
    await t.http
      .put(`/api/protected/trips/${trip.id}`)
      .set(other.auth)
      .send({ date: '2026-04-01', unit: 'X', jurisdiction: 'TX', miles: 1 })
      .expect(404);
    await t.http.delete(`/api/protected/trips/${trip.id}`).set(other.auth).expect(404);
    expect((await t.http.get('/api/protected/trips').set(other.auth).expect(200)).body.pagination.total).toBe(0);
    const bad = await t.http
      .post('/api/protected/fuel-purchases')
      .set(a.auth)
      .send({ date: '2026-04-01', unit: 'T1', jurisdiction: 'TX', quantity: -1 })
      .expect(400);
    expect(bad.body.fields).toEqual({ quantity: 'quantity must not be negative' });
  });
});

describe('a records file that is not CSV', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it('is refused with a 400 naming the file, never a 500', async () => {
    const broken = 'Date,Unit,State,Miles\n2026-04-01,"T1,TX,10\n';
    const preview = await t.http
      .post('/api/protected/trips/import/preview')
      .set(a.auth)
      .attach('file', Buffer.from(broken), 'broken.csv')
      .expect(200);
    expect(preview.body.problems).toEqual([
      { row: 1, field: 'file', message: expect.stringContaining('the file is not a readable CSV') },
    ]);
    const applied = await t.http
      .post('/api/protected/trips/import')
      .set(a.auth)
      .attach('file', Buffer.from(broken), 'broken.csv')
      .expect(400);
    expect(applied.body.fields).toHaveProperty(['rows.1.file']);
  });
});

describe('a fuel statement as an .xlsx workbook', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it('imports its first sheet with a mapping, reading Excel dates and litres', async () => {
    const workbook = await workbookBuffer((book) => {
      const sheet = book.addWorksheet('Statement');
      sheet.addRow(['Posted', 'Truck', 'Prov', 'Litres', 'Receipt']);
      // exceljs writes a Date as Excel's day number, as a fuel-card export does.
      sheet.addRow([new Date(Date.UTC(2026, 3, 5)), 'T9', 'ON', 378.541, 'X-1']);
      sheet.addRow([new Date(Date.UTC(2026, 4, 20)), 'T9', 'QC', 100, 'X-2']);
    });
    const mapping = {
      date: 'Posted',
      unit: 'Truck',
      jurisdiction: 'Prov',
      litres: 'Litres',
      receipt_number: 'Receipt',
    };
    const preview = await t.http
      .post('/api/protected/fuel-purchases/import/preview')
      .set(a.auth)
      .field('mapping', JSON.stringify(mapping))
      .attach('file', workbook, 'statement.xlsx')
      .expect(200);
    expect(preview.body.problems).toEqual([]);
    // 378.541 L x 0.264172 = 100.000 gallons.
    expect(preview.body.rows[0]).toMatchObject({
      date: '2026-04-05',
      unit: 'T9',
      jurisdiction: 'ON',
      quantity: '378.541',
      quantity_unit: 'l',
      gallons: '100',
    });
    await t.http
      .post('/api/protected/fuel-purchases/import')
      .set(a.auth)
      .field('mapping', JSON.stringify(mapping))
      .attach('file', workbook, 'statement.xlsx')
      .expect(200, { imported: 2, skipped_duplicates: 0, skipped_rows: 0, skipped_counts: {}, skipped: [] });
  });
});
