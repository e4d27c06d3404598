import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/** The collapsed text of a page, so a label and its figure read as they print. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The return as documents. The PDF and the Excel workbook print the official schedule
 * per fuel type, the return's total, the carrier and license and the filing lines, in English and in Russian.
 */
describe('the return as a PDF and an Excel sheet', () => {
  let t: TestApp;
  let a: TestAccount;
  let reportId: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        company_name: 'Acme Freight LLC',
        license_number: 'TX-445566',
        tax_period: 'Q2-2026',
        average_mpg: 0,
        calculation_mode: 'official',
        jurisdictions: [
          { name: 'TX', fuel_type: 'diesel', total_miles: 13000, taxable_miles: 13000, gallons_purchased: 1000 },
          { name: 'OK', fuel_type: 'diesel', total_miles: 7000, taxable_miles: 7000, gallons_purchased: 1000 },
          { name: 'TX', fuel_type: 'gasoline', total_miles: 3000, taxable_miles: 3000, gallons_purchased: 500 },
          { name: 'Kentucky', fuel_type: 'gasoline', total_miles: 1200, taxable_miles: 1200 },
        ],
      })
      .expect(201);
    reportId = res.body.id;
  });
  afterAll(() => t.close());

  const pdf = (id: string, query: Record<string, string> = {}) =>
    t.http.get(`${REPORTS}/${id}/pdf`).query(query).set(a.auth).buffer(true).parse(binaryParser);

  it('prints each fuel schedule, the totals, the carrier and the filing lines in English', async () => {
    const res = await pdf(reportId).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('_return.pdf');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = squash((await pdfPages(body)).join(' '));
    expect(text).toContain('IFTA Quarterly Fuel Tax Return');
    expect(text).toContain('Acme Freight LLC');
    expect(text).toContain('TX-445566');
    expect(text).toContain('Schedule: Diesel');
    expect(text).toContain('Fleet MPG 10.00 (total miles 20000 / total gallons 2000)');
    // TX diesel: 13,000 miles, 1,300 taxable gallons, 1,000 tax-paid, 300 net at 0.2000 = $60.00.
    expect(text).toContain('TX 13,000 13,000 1,300 1,000 300 0.2000 $60.00 $0.00');
    expect(text).toContain('Schedule: Gasoline');
    // Kentucky gasoline: 1,200 / 8.40 = 142.86 -> 143 gallons x 0.2500 (2Q2026 gasoline) = $35.75; surcharge
    // 143 x 0.0450 = 6.435 -> $6.44.
    expect(text).toContain('Kentucky 1,200 1,200 143 0 143 0.2500 $35.75 $6.44');
    expect(text).toContain('Total due (tax and surcharges)');
    // Dates in the account's date format (MM/DD/YYYY unless Settings say otherwise).
    expect(text).toContain('Due Date 07/31/2026');
    expect(text).toContain('Filed Not filed (draft)');
  });

  it('prints the same return in Russian, Cyrillic included', async () => {
    const res = await pdf(reportId, { lang: 'ru' }).expect(200);
    const text = squash((await pdfPages(res.body as Buffer)).join(' '));
    expect(text).toContain('Квартальная декларация IFTA по налогу на топливо');
    expect(text).toContain('Расчёт: Дизель');
    expect(text).toContain('Расчёт: Бензин');
    expect(text).toContain('Срок подачи 07/31/2026');
    expect(text).toContain('Не подан (черновик)');
    expect(text).not.toContain('?');
  });

  it('refuses another language with a 400 naming lang, and another account gets 404', async () => {
    const bad = await t.http.get(`${REPORTS}/${reportId}/pdf`).query({ lang: 'fr' }).set(a.auth).expect(400);
    expect(JSON.stringify(bad.body)).toContain('lang must be one of en, ru');
    const other = await registerAccount(t.http);
    await t.http.get(`${REPORTS}/${reportId}/pdf`).set(other.auth).expect(404);
  });

  it("adds the official schedule per fuel type to the Excel export, after the spec's sheet", async () => {
    const res = await t.http
      .post(`${REPORTS}/${reportId}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const workbook = await readWorkbook(res.body as Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['IFTA Report', 'Official Return']);
    const sheet = workbook.getWorksheet('Official Return')!;
    const rows = Object.values(sheetValues(sheet));
    expect(rows).toContainEqual([
      'Jurisdiction',
      'Total Miles',
      'Taxable Miles',
      'Taxable Gallons',
      'Tax-Paid Gallons',
      'Net Taxable Gallons',
      'Rate',
      'Tax',
      'Surcharge',
    ]);
    expect(rows).toContainEqual(['TX', 13000, 13000, 1300, 1000, 300, 0.2, 60, 0]);
    expect(rows).toContainEqual(['Kentucky', 1200, 1200, 143, 0, 143, 0.25, 35.75, 6.44]);
    expect(rows).toContainEqual(['Schedule: Gasoline']);
    expect(rows).toContainEqual(['IFTA License', 'TX-445566']);
  });
});
