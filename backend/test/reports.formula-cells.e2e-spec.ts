import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const FORMULAS = ['=HYPERLINK("x")', '+1', '@SUM(A1)', '-2+3'];

/** Every cell of every sheet, row by row. */
const cellsOf = async (bytes: Buffer) =>
  (await readWorkbook(bytes)).worksheets.flatMap((sheet) => Object.values(sheetValues(sheet)).flat());

/**
 * Text a user typed (a report's name, the company, the license) that starts like a formula is written as text with a
 * leading apostrophe in every workbook (OWASP's CSV-injection rule), and figures stay numbers, negative ones too.
 */
describe('user text that starts like a formula, in the workbooks the app writes', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const exportOf = async (id: string) =>
    (await t.http.post(`${REPORTS}/${id}/export`).set(a.auth).buffer(true).parse(binaryParser).expect(200))
      .body as Buffer;

  it.each(FORMULAS)('exports a report named %j with its name, company and license as text', async (text) => {
    const created = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        name: text,
        company_name: text,
        license_number: text,
        tax_period: 'Q2-2026',
        average_mpg: 0,
        calculation_mode: 'official',
        // More fuel bought in OK than burnt there: a credit, a negative figure.
        jurisdictions: [
          { name: 'TX', total_miles: 13000, taxable_miles: 13000, gallons_purchased: 100 },
          { name: 'OK', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1900 },
        ],
      })
      .expect(201);
    const workbook = await readWorkbook(await exportOf(created.body.id));
    const report = Object.values(sheetValues(workbook.getWorksheet('IFTA Report')!));
    expect(report).toContainEqual(['Report Name', `'${text}`]);
    expect(report).toContainEqual(['Company Name', `'${text}`]);
    expect(report).toContainEqual(['IFTA License', `'${text}`]);
    const official = Object.values(sheetValues(workbook.getWorksheet('Official Return')!));
    expect(official).toContainEqual([expect.any(String), `'${text}`]);
    // No string cell of either sheet starts a formula; the credit is a negative number, not text.
    const cells = await cellsOf(await exportOf(created.body.id));
    expect(cells.filter((cell) => typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells.some((cell) => typeof cell === 'number' && cell < 0)).toBe(true);
    expect(cells.some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
  });

  it('writes the template with a company and a period that start like formulas as text', async () => {
    const res = await t.http
      .get('/api/protected/calculator/template')
      .query({ company: '=HYPERLINK("x")', period: '@SUM(A1)' })
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const rows = Object.values(sheetValues((await readWorkbook(res.body as Buffer)).getWorksheet('Instructions')!));
    expect(rows).toContainEqual(['Company', `'=HYPERLINK("x")`]);
    expect(rows).toContainEqual(['Tax Period', `'@SUM(A1)`]);
  });
});
