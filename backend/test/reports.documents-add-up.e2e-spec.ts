import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type ExcelJS from 'exceljs';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser, readWorkbook } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { LATE_RETURN_WITH_SURCHARGES } from './helpers/late-return.js';

const REPORTS = '/api/protected/reports';

/** A row's values with column A at index 0. */
const rowValues = (sheet: ExcelJS.Worksheet, number: number) => (sheet.getRow(number).values as unknown[]).slice(1);

/** Sums in cents, so the comparison is exact. */
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/**
 * The documents of a late official return add up: the Excel "IFTA Report" sheet's tax, surcharge and total columns
 * each sum to their Total row, it shows each fuel's fleet MPG rather than a blended one, and the workbook and the PDF
 * carry the total to remit (tax and surcharges + late penalty + late interest).
 */
describe('documents that add up', () => {
  let t: TestApp;
  let a: TestAccount;
  let reportId: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    const res = await t.http.post(REPORTS).set(a.auth).send(LATE_RETURN_WITH_SURCHARGES).expect(201);
    reportId = res.body.id;
    expect(res.body).toMatchObject({ penalty: 111.37, interest: 42.85, total_to_remit: 1267.92 });
  });
  afterAll(() => t.close());

  const workbook = async () =>
    readWorkbook(
      (await t.http.post(`${REPORTS}/${reportId}/export`).set(a.auth).buffer(true).parse(binaryParser).expect(200))
        .body as Buffer,
    );

  it("sums each of the IFTA Report sheet's columns to its Total row, surcharges in a column of their own", async () => {
    const sheet = (await workbook()).getWorksheet('IFTA Report')!;
    let headerRow = 0;
    let totalRow = 0;
    sheet.eachRow((row, number) => {
      if (row.getCell(1).value === 'Jurisdiction') headerRow = number;
      if (row.getCell(1).value === 'Total') totalRow = number;
    });
    const header = rowValues(sheet, headerRow);
    expect(header).toEqual([
      'Jurisdiction',
      'Total Miles',
      'Taxable Miles',
      'Gallons Purchased',
      'Tax Rate',
      'Consumed',
      'Net Gallons',
      'Tax Due / Credit',
      'Surcharge',
      'Total Due',
    ]);
    const lines = Array.from({ length: totalRow - headerRow - 1 }, (_, k) => rowValues(sheet, headerRow + 1 + k));
    expect(lines.map((line) => line[0])).toEqual(['KY', 'VA', 'TN']);
    const total = rowValues(sheet, totalRow);
    for (const column of [1, 2, 3, 5, 6, 7, 8, 9]) {
      const sum = lines.reduce((acc, line) => acc + cents(line[column]), 0);
      expect([header[column], sum]).toEqual([header[column], cents(total[column])]);
    }
    // Tax 1,240.36 + 267.81 - 1,742.58; surcharges 801.99 + 546.12; their sum is the return's total.
    expect(total.slice(7)).toEqual([-234.41, 1348.11, 1113.7]);
    const summary = rowValues(sheet, totalRow + 2);
    expect([summary[0], summary[9]]).toEqual(['Total Tax Due', 1113.7]);
  });

  it("shows each fuel's fleet MPG, no blended Average MPG, and Created as a date cell", async () => {
    const sheet = (await workbook()).getWorksheet('IFTA Report')!;
    const labels = new Map<unknown, unknown>();
    sheet.eachRow((row) => labels.set(row.getCell(1).value, row.getCell(2).value));
    expect(labels.has('Average MPG')).toBe(false);
    expect(labels.get('Fleet MPG (diesel)')).toBe(15.71);
    expect(labels.get('Created')).toBeInstanceOf(Date);
  });

  it('adds the total to remit after the penalty and interest, in both sheets', async () => {
    const book = await workbook();
    for (const name of ['IFTA Report', 'Official Return']) {
      const figures = new Map<unknown, unknown>();
      book.getWorksheet(name)!.eachRow((row) => figures.set(row.getCell(1).value, row.getCell(2).value));
      expect([name, figures.get('Late Penalty'), figures.get('Late Interest'), figures.get('Total to Remit')]).toEqual([
        name,
        111.37,
        42.85,
        1267.92,
      ]);
    }
  });

  it('prints the total to remit on the PDF, in English and Russian', async () => {
    const read = async (lang: string) => {
      const res = await t.http
        .get(`${REPORTS}/${reportId}/pdf`)
        .query({ lang })
        .set(a.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      return (await pdfPages(res.body as Buffer)).join(' ').replace(/\s+/g, ' ');
    };
    expect(await read('en')).toContain('Total to Remit $1,267.92');
    expect(await read('ru')).toContain('Итого к перечислению');
  });
});
