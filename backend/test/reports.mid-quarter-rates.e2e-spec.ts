import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/** California raised its diesel rate inside 4Q2017: $0.37 from 10/01, then $0.57 from 11/01 (Nevada unchanged). */
const Q4_2017 = [
  'code,name,country,row,unit,special_diesel,effective_from',
  'CA,California,USA,base,USD/gal,0.3700,2017-10-01',
  'CA,California,USA,base,USD/gal,0.5700,2017-11-01',
  'NV,Nevada,USA,base,USD/gal,0.2700,2017-10-01',
].join('\n');

type Line = { code: string; rate_from: string | null; tax_rate: number; tax_due: number; total_miles: number };
const figures = (report: { jurisdictions: Line[] }) =>
  report.jurisdictions.map((j) => [j.code, j.rate_from, j.total_miles, j.tax_rate, j.tax_due]);

/**
 * A jurisdiction whose rate changes inside the quarter is listed once per rate period, as base jurisdictions ask:
 * typed into a return (a second line with rate_from) or built from records (miles and tax-paid gallons split by
 * date). Two lines in one period, or a day outside the quarter, are refused naming the line.
 */
describe('a rate that changes inside the quarter', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    await t.http
      .post('/api/protected/tax-rates-management/matrix/apply')
      .set(a.auth)
      .field('quarter', 'Q4-2017')
      .attach('file', Buffer.from(Q4_2017), 'q4-2017.csv')
      .expect(200);
  });
  afterAll(() => t.close());

  const official = (jurisdictions: object[]) => ({
    company_name: 'Sierra Freight',
    tax_period: 'Q4-2017',
    calculation_mode: 'official',
    jurisdictions,
  });

  it('prices two California lines at the rate of their periods on one fleet MPG, and keeps them on a resave', async () => {
    // 6,000 miles on 1,000 gallons: fleet MPG 6.
    const report = (
      await t.http
        .post(REPORTS)
        .set(a.auth)
        .send(
          official([
            { name: 'CA', total_miles: 1200, taxable_miles: 1200, gallons_purchased: 100 },
            { name: 'CA', rate_from: '2017-11-01', total_miles: 2400, taxable_miles: 2400, gallons_purchased: 300 },
            { name: 'NV', total_miles: 2400, taxable_miles: 2400, gallons_purchased: 600 },
          ]),
        )
        .expect(201)
    ).body;
    // CA October: 200 taxable gal - 100 = 100 x 0.37 = $37.00; CA from 11/01: 400 - 300 = 100 x 0.57 = $57.00.
    expect(figures(report)).toEqual([
      ['CA', null, 1200, 0.37, 37],
      ['CA', '2017-11-01', 2400, 0.57, 57],
      ['NV', null, 2400, 0.27, -54],
    ]);
    const resaved = (await t.http.put(`${REPORTS}/${report.id}`).set(a.auth).send({ name: 'Q4 again' }).expect(200))
      .body;
    expect(figures(resaved)).toEqual(figures(report));
  });

  it('refuses two lines in one rate period, a day outside the quarter, and rate periods on a worksheet', async () => {
    const same = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official([
          { name: 'CA', total_miles: 1200, taxable_miles: 1200, gallons_purchased: 100 },
          { name: 'CA', rate_from: '2017-10-15', total_miles: 100, taxable_miles: 100, gallons_purchased: 10 },
        ]),
      )
      .expect(400);
    expect(same.body.fields).toEqual({
      'jurisdictions.1.rate_from':
        "jurisdictions.1.rate_from: jurisdictions.0 already reports CA's diesel rate period from 2017-10-01; a second " +
        'line needs a date of another rate period, or its miles and gallons added to it',
    });
    const outside = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official([{ name: 'CA', rate_from: '2018-01-02', total_miles: 10, taxable_miles: 10, gallons_purchased: 1 }]),
      )
      .expect(400);
    expect(outside.body.fields).toEqual({
      'jurisdictions.0.rate_from':
        "jurisdictions.0.rate_from (2018-01-02) must be a day of the report's quarter Q4-2017",
    });
    const worksheet = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        ...official([{ name: 'CA', rate_from: '2017-11-01', taxable_miles: 10, gallons_purchased: 1, tax_rate: 0.5 }]),
        calculation_mode: 'worksheet',
        average_mpg: 5,
      })
      .expect(400);
    expect(Object.keys(worksheet.body.fields)).toEqual(['jurisdictions.0.rate_from']);
    const repeated = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official([
          { name: 'CA', total_miles: 1, taxable_miles: 1, gallons_purchased: 1 },
          { name: 'CA', total_miles: 1, taxable_miles: 1, gallons_purchased: 1 },
        ]),
      )
      .expect(400);
    expect(Object.keys(repeated.body.fields)).toEqual(['jurisdictions.1.name']);
  });

  it("builds the return from records with California's miles and tax-paid gallons split by date", async () => {
    const add = (path: string, body: object) => t.http.post(path).set(a.auth).send(body).expect(201);
    for (const [date, jurisdiction, miles] of [
      ['2017-10-15', 'CA', 1200],
      ['2017-11-20', 'CA', 2400],
      ['2017-10-20', 'NV', 2400],
    ] as const) {
      await add('/api/protected/trips', { date, unit: 'T1', jurisdiction, miles, taxable: true });
    }
    for (const [date, jurisdiction, quantity] of [
      ['2017-10-16', 'CA', 100],
      ['2017-11-21', 'CA', 300],
      ['2017-10-21', 'NV', 600],
    ] as const) {
      await add('/api/protected/fuel-purchases', {
        date,
        unit: 'T1',
        jurisdiction,
        quantity,
        quantity_unit: 'gal',
        fuel_type: 'diesel',
        tax_paid: true,
        vendor: 'Station',
        vendor_address: '1 Main St',
        total_price: 250,
        receipt_number: `R-${date}`,
      });
    }
    const built = await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q4-2017', fuel_type: 'diesel' })
      .expect(200);
    expect(figures(built.body.report)).toEqual([
      ['CA', null, 1200, 0.37, 37],
      ['CA', '2017-11-01', 2400, 0.57, 57],
      ['NV', null, 2400, 0.27, -54],
    ]);
  });
});
