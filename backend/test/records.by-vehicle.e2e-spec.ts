import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';

interface Row {
  unit: string;
  fuel_type: string;
  jurisdiction: string;
  miles: number;
  taxable_miles: number;
  gallons: number;
  mpg: number | null;
}
type Total = Omit<Row, 'jurisdiction'>;

/**
 * The per-vehicle report of a quarter: a diesel tractor and a gasoline van (two units, two fuels) and a unit that
 * bought no fuel, with a trip outside the quarter and another account's records that must not count.
 */
describe('records by vehicle: miles, gallons and MPG per unit and jurisdiction, and its export', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: TestAccount;

  const trip = (who: TestAccount, body: Record<string, unknown>) =>
    t.http.post('/api/protected/trips').set(who.auth).send(body).expect(201);
  const fuel = (who: TestAccount, body: Record<string, unknown>) =>
    t.http.post('/api/protected/fuel-purchases').set(who.auth).send(body).expect(201);
  const report = async (query: Record<string, string>, who: TestAccount = a) =>
    (await t.http.get('/api/protected/records/by-vehicle').query(query).set(who.auth).expect(200)).body as {
      period: string;
      rows: Row[];
      totals: Total[];
    };
  const exported = async (query: Record<string, string>) =>
    (
      await t.http
        .get('/api/protected/records/by-vehicle/export')
        .query(query)
        .set(a.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200)
    ).body as Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    other = await registerAccount(t.http);
    // T1, diesel: 412.5 + 187.5 + 50 (a toll road, not taxable) = 650 miles on 60.25 + 40 = 100.25 gallons.
    await fuel(a, { date: '2026-07-01', unit: 'T1', jurisdiction: 'TX', quantity: 60.25, fuel_type: 'diesel' });
    await fuel(a, { date: '2026-07-02', unit: 'T1', jurisdiction: 'OK', quantity: 40, fuel_type: 'diesel' });
    await trip(a, { date: '2026-07-01', unit: 'T1', jurisdiction: 'TX', miles: 412.5 });
    await trip(a, { date: '2026-07-02', unit: 'T1', jurisdiction: 'OK', miles: 187.5 });
    await trip(a, { date: '2026-07-03', unit: 'T1', jurisdiction: 'OK', miles: 50, non_taxable_reason: 'toll_road' });
    // Before the quarter: not counted.
    await trip(a, { date: '2026-06-30', unit: 'T1', jurisdiction: 'TX', miles: 999 });
    // V2, gasoline: 300.25 miles in KY, fuel in KY and IN (where it drove none) = 32.5 gallons.
    await fuel(a, { date: '2026-08-10', unit: 'V2', jurisdiction: 'KY', quantity: 20.5, fuel_type: 'gasoline' });
    await fuel(a, { date: '2026-08-11', unit: 'V2', jurisdiction: 'IN', quantity: 12, fuel_type: 'gasoline' });
    await trip(a, { date: '2026-08-10', unit: 'V2', jurisdiction: 'KY', miles: 300.25 });
    // V3 bought nothing: no MPG.
    await trip(a, { date: '2026-09-30', unit: 'V3', jurisdiction: 'TX', miles: 100 });
    await trip(other, { date: '2026-07-01', unit: 'T1', jurisdiction: 'TX', miles: 5000 });
    await fuel(other, { date: '2026-07-01', unit: 'T1', jurisdiction: 'TX', quantity: 1 });
  });
  afterAll(() => t.close());

  const T1 = { unit: 'T1', fuel_type: 'diesel', mpg: 6.48 }; // 650 / 100.25 = 6.4838…
  const V2 = { unit: 'V2', fuel_type: 'gasoline', mpg: 9.24 }; // 300.25 / 32.5 = 9.2384…
  const V3 = { unit: 'V3', fuel_type: 'diesel', mpg: null };

  it('sums each unit’s miles and gallons per jurisdiction exactly, with the unit’s quarter MPG on every row', async () => {
    const body = await report({ period: 'Q3-2026' });
    expect(body.period).toBe('Q3-2026');
    expect(body.rows).toEqual([
      { ...T1, jurisdiction: 'OK', miles: 237.5, taxable_miles: 187.5, gallons: 40 },
      { ...T1, jurisdiction: 'TX', miles: 412.5, taxable_miles: 412.5, gallons: 60.25 },
      { ...V2, jurisdiction: 'IN', miles: 0, taxable_miles: 0, gallons: 12 },
      { ...V2, jurisdiction: 'KY', miles: 300.25, taxable_miles: 300.25, gallons: 20.5 },
      { ...V3, jurisdiction: 'TX', miles: 100, taxable_miles: 100, gallons: 0 },
    ]);
    expect(body.totals).toEqual([
      { ...T1, miles: 650, taxable_miles: 600, gallons: 100.25 },
      { ...V2, miles: 300.25, taxable_miles: 300.25, gallons: 32.5 },
      { ...V3, miles: 100, taxable_miles: 100, gallons: 0 },
    ]);
  });

  it('narrows to one unit, and shows another account nothing of this one', async () => {
    const body = await report({ period: 'Q3-2026', unit: 'V2' });
    expect(body.rows.map((r) => r.jurisdiction)).toEqual(['IN', 'KY']);
    expect(body.totals).toEqual([{ ...V2, miles: 300.25, taxable_miles: 300.25, gallons: 32.5 }]);
    const theirs = await report({ period: 'Q3-2026' }, other);
    expect(theirs.totals).toEqual([
      { unit: 'T1', fuel_type: 'diesel', miles: 5000, taxable_miles: 5000, gallons: 1, mpg: 5000 },
    ]);
    expect((await report({ period: 'Q1-2026' })).rows).toEqual([]);
  });

  it('exports as CSV and xlsx whose lines and totals equal the JSON', async () => {
    const body = await report({ period: 'Q3-2026' });
    const expected = [
      ['Unit', 'Fuel type', 'Jurisdiction', 'Miles', 'Taxable miles', 'Gallons', 'MPG'],
      ...body.totals.flatMap((total) => [
        ...body.rows
          .filter((r) => r.unit === total.unit)
          .map((r) => [r.unit, r.fuel_type, r.jurisdiction, r.miles, r.taxable_miles, r.gallons, r.mpg]),
        [total.unit, total.fuel_type, 'Total', total.miles, total.taxable_miles, total.gallons, total.mpg],
      ]),
    ];
    const csv = parse((await exported({ period: 'Q3-2026', format: 'csv' })).toString('utf8')) as string[][];
    expect(csv).toEqual(expected.map((line) => line.map((cell) => (cell === null ? '' : String(cell)))));
    // Each unit's lines add up to its totals line.
    for (const total of body.totals) {
      const lines = csv.filter((line) => line[0] === total.unit && line[2] !== 'Total');
      expect(lines.reduce((sum, line) => sum + Number(line[3]), 0)).toBe(total.miles);
      expect(lines.reduce((sum, line) => sum + Number(line[5]), 0)).toBe(total.gallons);
    }
    const workbook = await readWorkbook(await exported({ period: 'Q3-2026', format: 'xlsx' }));
    const values = Object.values(sheetValues(workbook.worksheets[0]));
    expect(values).toEqual(expected.map((line) => line.map((cell) => cell ?? undefined)));
    const v2 = parse((await exported({ period: 'Q3-2026', unit: 'V2', format: 'csv' })).toString('utf8'));
    expect(v2).toHaveLength(4);
  });

  it('answers 400 naming the field for a bad period or format', async () => {
    const bad = await t.http.get('/api/protected/records/by-vehicle').query({ period: 'Q5-2026' }).set(a.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('period');
    const missing = await t.http.get('/api/protected/records/by-vehicle').set(a.auth);
    expect(missing.status).toBe(400);
    const format = await t.http
      .get('/api/protected/records/by-vehicle/export')
      .query({ period: 'Q3-2026', format: 'pdf' })
      .set(a.auth);
    expect(format.status).toBe(400);
    expect(format.body.fields).toHaveProperty('format');
  });
});
