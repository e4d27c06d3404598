import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { binaryParser } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * Trip and fuel templates to start from: CSV or .xlsx, English or Russian headers, one example row; each imports as
 * it is (its headers are ones the import recognises), so a filled template needs no column choice.
 */
describe('trip and fuel templates', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const download = (path: string, query: Record<string, string>) =>
    t.http.get(`${path}/template`).query(query).set(a.auth).buffer(true).parse(binaryParser);

  it.each([
    ['/api/protected/trips', 'csv', 'en', 'trips-template.csv'],
    ['/api/protected/trips', 'xlsx', 'ru', 'trips-template.xlsx'],
    ['/api/protected/fuel-purchases', 'csv', 'ru', 'fuel-purchases-template.csv'],
    ['/api/protected/fuel-purchases', 'xlsx', 'en', 'fuel-purchases-template.xlsx'],
  ])(
    '%s template as %s in %s downloads as %s and imports its example row as it is',
    async (path, format, lang, name) => {
      const file = await download(path, { format, lang }).expect(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename=${name}`);
      expect(file.headers['content-type']).toMatch(format === 'csv' ? /^text\/csv/ : /spreadsheetml/);
      const preview = await t.http
        .post(`${path}/import/preview`)
        .set(a.auth)
        .attach('file', file.body as Buffer, name)
        .expect(200);
      expect(preview.body).toMatchObject({ total_rows: 1, problems: [] });
      const [row] = preview.body.rows;
      expect(row).toMatchObject({ date: '2026-10-05', unit: 'T-101', jurisdiction: 'TX' });
      if (path.endsWith('trips')) {
        expect(row).toMatchObject({ miles: '512', taxable: true, odometer_start: '182340', odometer_end: '182852' });
        // The trip-sheet columns: the trip the segment belongs to, its driver, where it started and ended.
        expect(row).toMatchObject({
          trip_number: 'TR-1001',
          driver: 'J. Smith',
          origin_city: 'Dallas',
          origin_jurisdiction: 'TX',
          destination_city: 'Houston',
          destination_jurisdiction: 'TX',
        });
      } else {
        expect(row).toMatchObject({
          gallons: '120.5',
          fuel_type: 'diesel',
          tax_paid: true,
          receipt_number: 'R-1001',
          vendor_address: '1200 I-35 N, Dallas TX',
          total_price: '452.18',
        });
      }
    },
  );

  it('starts the CSV with the headers in the language asked, and refuses an unknown format or language', async () => {
    const ru = await download('/api/protected/trips', { lang: 'ru' }).expect(200);
    expect(
      (ru.body as Buffer)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0],
    ).toBe(
      'Дата,Тягач,Штат,Мили,Налогооблагаемые,Причина освобождения,Одометр начало,Одометр конец,' +
        'Номер рейса,Водитель,Город отправления,Штат отправления,Город назначения,Штат назначения',
    );
    const bad = await t.http
      .get('/api/protected/trips/template')
      .query({ format: 'pdf', lang: 'de' })
      .set(a.auth)
      .expect(400);
    expect(bad.body.fields).toEqual({ format: 'format must be csv or xlsx', lang: 'lang must be en or ru' });
    await t.http.get('/api/protected/trips/template').expect(401);
  });
});
