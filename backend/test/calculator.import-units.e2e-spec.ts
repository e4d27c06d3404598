import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { workbookBuffer } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** Imports in kilometres and litres, converted with IFTA's factors, saying what was converted. */
describe('imports in kilometres and litres', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const upload = (buffer: Buffer, fields: Record<string, string> = {}) => {
    const req = t.http.post('/api/protected/calculator/upload-excel').set(a.auth);
    for (const [key, value] of Object.entries(fields)) req.field(key, value);
    return req.attach('file', buffer, { filename: 'fuel.xlsx', contentType: 'application/octet-stream' });
  };

  it('reads an Excel sheet whose columns are in kilometres and litres, to the thousandth', async () => {
    const buffer = await workbookBuffer((wb) => {
      const sheet = wb.addWorksheet('IFTA Data');
      sheet.addRow(['State/Province', 'Total Kilometres', 'Taxable Kilometres', 'Litres Purchased']);
      sheet.addRow(['ON', 1000, 800, 378.5]);
      sheet.addRow(['Quebec', 1609.344, 1609.344, 1000]);
    });
    const res = await upload(buffer, { average_mpg: '5' }).expect(200);
    expect(res.body.conversions).toEqual([
      'Kilometres converted to miles (1 km = 0.621371 mi)',
      'Litres converted to US gallons (1 L = 0.264172 gal)',
    ]);
    expect(
      res.body.entries.map((e: Record<string, unknown>) => [
        e.state_abbreviation,
        e.total_miles,
        e.miles_driven,
        e.fuel_purchased,
      ]),
    ).toEqual([
      ['ON', 621.371, 497.097, 99.989], // 800 x 0.621371 = 497.0968; 378.5 x 0.264172 = 99.989102
      ['QC', 1000, 1000, 264.172], // 1,609.344 km x 0.621371 = 999.999... -> 1000.000
    ]);
  });

  it('takes the unit from the request when the paste has no header, and says nothing when nothing was converted', async () => {
    const paste = (body: object) =>
      t.http
        .post('/api/protected/calculator/paste-data')
        .set(a.auth)
        .send({ source: 'excel_paste', average_mpg: 5, ...body });
    const converted = await paste({ data: 'TX, 100, 100', distance_unit: 'km', volume_unit: 'l' }).expect(200);
    expect(converted.body.entries[0]).toMatchObject({ miles_driven: 62.137, fuel_purchased: 26.417 });
    expect(converted.body.conversions).toHaveLength(2);
    const plain = await paste({ data: 'TX, 100, 100' }).expect(200);
    expect(plain.body.entries[0]).toMatchObject({ miles_driven: 100, fuel_purchased: 100 });
    expect(plain.body.conversions).toBeUndefined();
    const bad = await paste({ data: 'TX, 100, 100', volume_unit: 'barrels' }).expect(400);
    expect(bad.body.message).toContain('volume_unit must be one of gal, l');
  });

  it("reads numbers whose unit nothing names in the account's unit, which a header or the request still overrides", async () => {
    const metric = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(metric.auth).send({ distance_unit: 'km_litres' }).expect(200);
    const paste = (data: string, body: object = {}) =>
      t.http
        .post('/api/protected/calculator/paste-data')
        .set(metric.auth)
        .send({ source: 'excel_paste', average_mpg: 5, data, ...body })
        .expect(200);
    const plain = await paste('TX, 1609.344, 3.785411784');
    expect(plain.body.entries[0]).toMatchObject({ miles_driven: 1000, fuel_purchased: 1 });
    expect(plain.body.conversions).toEqual([
      'Kilometres converted to miles (1 km = 0.621371 mi)',
      'Litres converted to US gallons (1 L = 0.264172 gal)',
    ]);
    const headed = await paste('State, Miles, Gallons\nTX, 100, 100');
    expect(headed.body.entries[0]).toMatchObject({ miles_driven: 100, fuel_purchased: 100 });
    expect(headed.body.conversions).toBeUndefined();
    const asked = await paste('TX, 100, 100', { distance_unit: 'mi', volume_unit: 'gal' });
    expect(asked.body.entries[0]).toMatchObject({ miles_driven: 100, fuel_purchased: 100 });
    const buffer = await workbookBuffer((wb) => {
      const sheet = wb.addWorksheet('IFTA Data');
      sheet.addRow(['State/Province', 'Total Distance', 'Taxable Distance', 'Fuel']);
      sheet.addRow(['ON', 1000, 800, 378.5]);
    });
    const sheet = await t.http
      .post('/api/protected/calculator/upload-excel')
      .set(metric.auth)
      .field('average_mpg', '5')
      .attach('file', buffer, { filename: 'fuel.xlsx', contentType: 'application/octet-stream' })
      .expect(200);
    expect(sheet.body.entries[0]).toMatchObject({
      total_miles: 621.371,
      miles_driven: 497.097,
      fuel_purchased: 99.989,
    });
  });
});
