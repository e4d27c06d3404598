import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';

const UNITS = ['=cmd|" /C calc"!A0', '+1+1', '-2+3', '@SUM(A1:A9)', '\tTAB'];

/**
 * The by-vehicle export wrote a unit named `=cmd|" /C calc"!A0` raw, which a spreadsheet runs as a formula; the audit
 * packet already wrote it as text. Every unit that would start a formula is written with a leading apostrophe.
 */
describe('the by-vehicle export and units named like formulas', () => {
  let t: TestApp;
  let a: TestAccount;
  const exported = async (format: 'csv' | 'xlsx') =>
    (
      await t.http
        .get('/api/protected/records/by-vehicle/export')
        .query({ period: 'Q3-2026', format })
        .set(a.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200)
    ).body as Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    for (const unit of UNITS) {
      await t.http
        .post('/api/protected/trips')
        .set(a.auth)
        .send({ date: '2026-07-01', unit, jurisdiction: 'TX', miles: 100 })
        .expect(201);
      await t.http
        .post('/api/protected/fuel-purchases')
        .set(a.auth)
        .send({ date: '2026-07-01', unit, jurisdiction: 'TX', quantity: 10, fuel_type: 'diesel' })
        .expect(201);
    }
  });
  afterAll(() => t.close());

  const stored = async () =>
    (
      (await t.http.get('/api/protected/records/by-vehicle').query({ period: 'Q3-2026' }).set(a.auth).expect(200))
        .body as { totals: Array<{ unit: string }> }
    ).totals.map((total) => total.unit);

  it('writes every such unit in the CSV as text, numbers as numbers', async () => {
    const units = await stored();
    expect(units).toContain('=cmd|" /C calc"!A0');
    const rows = (parse((await exported('csv')).toString('utf8')) as string[][]).slice(1);
    const cells = new Set(rows.map((row) => row[0]));
    for (const unit of units) {
      const formula = /^[=+\-@\t\r]/.test(unit);
      expect(cells.has(formula ? `'${unit}` : unit)).toBe(true);
      if (formula) expect(cells.has(unit)).toBe(false);
    }
    expect(rows.every((row) => row[3] === '' || !Number.isNaN(Number(row[3])))).toBe(true);
  });

  it('writes them in the workbook as text too', async () => {
    const workbook = await readWorkbook(await exported('xlsx'));
    const values = sheetValues(workbook.worksheets[0]);
    const firstColumn = Object.values(values).map((row) => String(row[0]));
    expect(firstColumn).toContain(`'=cmd|" /C calc"!A0`);
    expect(firstColumn).not.toContain('=cmd|" /C calc"!A0');
  });
});
