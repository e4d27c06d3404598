import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const SETTINGS = '/api/protected/user/settings';

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

  it("prints each California line's period in the PDF and on both Excel sheets; Nevada's single line stays plain", async () => {
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
    // The account's dates are written MM/DD/YYYY (Settings' default); the quarter ends 12/31/2017.
    const october = 'CA (10/01/2017 to 10/31/2017)';
    const november = 'CA (11/01/2017 to 12/31/2017)';
    const pdf = await t.http
      .get(`${REPORTS}/${report.id}/pdf`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const text = (await pdfPages(pdf.body as Buffer)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(october);
    expect(text).toContain(november);
    expect(text).not.toContain('NV (');

    const xlsx = await t.http
      .post(`${REPORTS}/${report.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const workbook = await readWorkbook(xlsx.body as Buffer);
    for (const name of ['IFTA Report', 'Official Return']) {
      const firstCells = Object.values(sheetValues(workbook.getWorksheet(name)!)).map((row) => row[0]);
      expect(firstCells).toEqual(expect.arrayContaining([october, november, 'NV']));
    }
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

  it('refuses one California line for the whole quarter with a 422 naming CA, its periods and the second line', async () => {
    // 9,000 miles on one line would all be taxed at October's $0.37 though most may have been driven at $0.57.
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official([
          { name: 'CA', total_miles: 9000, taxable_miles: 9000, gallons_purchased: 1000 },
          { name: 'NV', total_miles: 3000, taxable_miles: 3000, gallons_purchased: 1000 },
        ]),
      )
      .expect(422);
    const message =
      "jurisdictions.0.rate_from: CA's diesel rate changes inside Q4-2017 (2017-10-01 – 2017-10-31: 0.37; " +
      '2017-11-01 – 2017-12-31: 0.57): report one line per rate period, this line for the first and a line with ' +
      "rate_from 2017-11-01 for each later one; if all of this line's miles and gallons fall in one period, give " +
      "it that period's first day as rate_from";
    expect(res.body).toMatchObject({ message, fields: { 'jurisdictions.0.rate_from': message } });
    // In the account's language when it chose Russian.
    await t.http.put(SETTINGS).set(a.auth).send({ language: 'ru' }).expect(200);
    const russian = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(official([{ name: 'CA', total_miles: 9000, taxable_miles: 9000, gallons_purchased: 1000 }]))
      .expect(422);
    await t.http.put(SETTINGS).set(a.auth).send({ language: 'en' }).expect(200);
    expect(russian.body.fields['jurisdictions.0.rate_from']).toBe(
      'jurisdictions.0.rate_from: ставка CA на diesel меняется внутри Q4-2017 (2017-10-01 – 2017-10-31: 0.37; ' +
        '2017-11-01 – 2017-12-31: 0.57): укажите по строке на каждый период ставки — эта строка для первого и ' +
        'строка с rate_from 2017-11-01 для каждого следующего; если все мили и галлоны этой строки приходятся на ' +
        'один период, укажите в rate_from первый день этого периода',
    );
    // An update that collapses a split return to one line is refused the same way.
    const split = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official([
          { name: 'CA', total_miles: 1200, taxable_miles: 1200, gallons_purchased: 100 },
          { name: 'CA', rate_from: '2017-11-01', total_miles: 2400, taxable_miles: 2400, gallons_purchased: 300 },
        ]),
      )
      .expect(201);
    await t.http
      .put(`${REPORTS}/${split.body.id}`)
      .set(a.auth)
      .send({ jurisdictions: [{ name: 'CA', total_miles: 3600, taxable_miles: 3600, gallons_purchased: 400 }] })
      .expect(422);
  });

  it('prices a lone California line that names its period at that rate, and Nevada alone as before', async () => {
    // All 1,200 CA miles in November: fleet MPG 1,200 / 100 = 12; 100 taxable gal - 100 = 0 at $0.57 = $0.
    // Nevada, with no change in the quarter, keeps the one-line rule: 2,400 mi / 600 gal = MPG 4, 600 - 600 = 0.
    const november = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official([
          { name: 'CA', rate_from: '2017-11-01', total_miles: 1200, taxable_miles: 1200, gallons_purchased: 50 },
          { name: 'NV', total_miles: 1200, taxable_miles: 1200, gallons_purchased: 150 },
        ]),
      )
      .expect(201);
    // Fleet MPG 2,400 / 200 = 12: CA 100 taxable gal - 50 = 50 x $0.57 = $28.50; NV 100 - 150 = -50 x $0.27 = -$13.50.
    expect(figures(november.body)).toEqual([
      ['CA', '2017-11-01', 1200, 0.57, (50 * 57) / 100],
      ['NV', null, 1200, 0.27, (-50 * 27) / 100],
    ]);
    const nevada = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(official([{ name: 'NV', total_miles: 2400, taxable_miles: 2400, gallons_purchased: 600 }]))
      .expect(201);
    expect(figures(nevada.body)).toEqual([['NV', null, 2400, 0.27, 0]]);
  });

  it('builds a lone October California line from records with its period named', async () => {
    const b = await registerAccount(t.http);
    await t.http
      .post('/api/protected/tax-rates-management/matrix/apply')
      .set(b.auth)
      .field('quarter', 'Q4-2017')
      .attach('file', Buffer.from(Q4_2017), 'q4-2017.csv')
      .expect(200);
    await t.http
      .post('/api/protected/trips')
      .set(b.auth)
      .send({ date: '2017-10-15', unit: 'T1', jurisdiction: 'CA', miles: 1200, taxable: true })
      .expect(201);
    await t.http
      .post('/api/protected/fuel-purchases')
      .set(b.auth)
      .send({
        date: '2017-10-16',
        unit: 'T1',
        jurisdiction: 'CA',
        quantity: 100,
        quantity_unit: 'gal',
        fuel_type: 'diesel',
        tax_paid: true,
        vendor: 'Station',
        vendor_address: '1 Main St',
        total_price: 250,
        receipt_number: 'R-oct',
      })
      .expect(201);
    const built = await t.http
      .post('/api/protected/returns/build')
      .set(b.auth)
      .send({ period: 'Q4-2017', fuel_type: 'diesel' })
      .expect(200);
    // All of it in October: 1,200 mi / 100 gal, MPG 12, 100 - 100 = 0 gal at $0.37.
    expect(figures(built.body.report)).toEqual([['CA', '2017-10-01', 1200, 0.37, 0]]);
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
