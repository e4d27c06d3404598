import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const IN_FORCE = '/api/protected/tax-rates/in-force';

type Line = Record<string, unknown>;

/**
 * A quarter whose matrix is not out yet (only 2Q2026 is seeded; 3Q2026 is due and 4Q2026 is running) is priced with
 * the newest quarter's rates, surcharges included, and says so on every line, on the report and in its documents; a
 * line that no source prices is refused instead of being stored at $0.
 */
describe('provisional rates for a quarter without a matrix', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  // 26,000 miles on 4,000 gallons = 6.50 MPG; no rate typed on any line.
  const LINES: Line[] = [
    { name: 'Kentucky', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 1538 },
    { name: 'VA', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 962, non_tax_paid_gallons: 500 },
    { name: 'TX', total_miles: 6000, taxable_miles: 6000, gallons_purchased: 1000 },
  ];
  const official = (tax_period: string, jurisdictions: Line[] = LINES) => ({
    company_name: 'Acme Freight LLC',
    license_number: 'KY-998877',
    tax_period,
    average_mpg: 0,
    calculation_mode: 'official',
    jurisdictions,
  });
  const create = async (body: object) => (await t.http.post(REPORTS).set(a.auth).send(body).expect(201)).body;
  const rates = (report: { jurisdictions: Line[] }) =>
    report.jurisdictions.map((j) => [j.code, j.tax_rate, j.surcharge_rate, j.rate_source]);

  it("prices a 3Q2026 return with 2Q2026's rates and surcharges, each line and the report marked provisional", async () => {
    const q3 = await create(official('Q3-2026'));
    expect(rates(q3)).toEqual([
      ['KY', 0.22, 0.105, 'provisional'],
      ['VA', 0.327, 0.143, 'provisional'],
      ['TX', 0.2, 0, 'provisional'],
    ]);
    expect(q3.rates_provisional_from).toBe('Q2-2026');
    expect(q3.schedules.map((s: Line) => [s.fuel_type, s.rates_provisional_from])).toEqual([['diesel', 'Q2-2026']]);
    // KY: 1,538 taxable gal, 0 net x 0.22 = 0, surcharge 1,538 x 0.105 = 161.49; VA: 1,538 - 962 = 576 x 0.327 =
    // 188.35, surcharge 1,538 x 0.143 = 219.93; TX: 923 - 1,000 = -77 x 0.2 = -15.40. Total 554.37, not $0.
    expect(q3.totals).toMatchObject({ tax_due: 554.37, surcharge_due: 381.42, is_no_tax_due: false });

    const q2 = await create(official('Q2-2026'));
    expect(rates(q2).map((line) => line[3])).toEqual(['official', 'official', 'official']);
    expect(q2.rates_provisional_from).toBeNull();
    expect(q3.totals).toEqual(q2.totals);
    expect(q3.jurisdictions.map((j: Line) => j.tax_due)).toEqual(q2.jurisdictions.map((j: Line) => j.tax_due));

    const detail = (await t.http.get(`${REPORTS}/${q3.id}`).set(a.auth).expect(200)).body;
    expect(detail.rates_provisional_from).toBe('Q2-2026');
    expect(detail.jurisdictions.map((j: Line) => j.rate_source)).toEqual(['provisional', 'provisional', 'provisional']);
  });

  it('keeps a typed rate typed, a table rate of the quarter official, and prices the rest provisionally', async () => {
    const lines = [{ ...LINES[0], tax_rate: 0.3 }, LINES[1], { ...LINES[2], tax_rate: 0.25 }];
    const q4 = await create(official('Q4-2026', lines));
    expect(rates(q4)).toEqual([
      ['KY', 0.3, 0, 'typed'],
      ['VA', 0.327, 0.143, 'provisional'],
      ['TX', 0.25, 0, 'typed'],
    ]);
    expect(q4.rates_provisional_from).toBe('Q2-2026');

    // In a quarter with its own rates the table wins over a typed rate, as before.
    const q2 = await create(official('Q2-2026', lines));
    expect(rates(q2)).toEqual([
      ['KY', 0.22, 0.105, 'official'],
      ['VA', 0.327, 0.143, 'official'],
      ['TX', 0.2, 0, 'official'],
    ]);
  });

  it("marks a quarter's rate the account changed as its own ('override'), which a later quarter then takes", async () => {
    const b = await registerAccount(t.http);
    const ky = (
      await t.http
        .get('/api/protected/tax-rates-management')
        .query({ quarter: 'Q2-2026', fuel_type: 'diesel', search: 'Kentucky' })
        .set(b.auth)
        .expect(200)
    ).body.data.find((rate: Line) => rate.kind === 'base');
    await t.http.put(`/api/protected/tax-rates-management/${ky.id}`).set(b.auth).send({ rate: 0.25 }).expect(200);
    const createFor = async (period: string) =>
      (
        await t.http
          .post(REPORTS)
          .set(b.auth)
          .send(official(period, [LINES[0], LINES[2]]))
          .expect(201)
      ).body;
    expect(rates(await createFor('Q2-2026'))).toEqual([
      ['KY', 0.25, 0.105, 'override'],
      ['TX', 0.2, 0, 'official'],
    ]);
    expect(rates(await createFor('Q3-2026'))).toEqual([
      ['KY', 0.25, 0.105, 'provisional'],
      ['TX', 0.2, 0, 'provisional'],
    ]);
    const inForce = (await t.http.get(IN_FORCE).query({ period: 'Q2-2026', fuel_type: 'diesel' }).set(b.auth)).body;
    expect(inForce.rates.filter((r: Line) => r.code === 'KY').map((r: Line) => [r.kind, r.rate_source])).toEqual([
      ['base', 'override'],
      ['surcharge', undefined],
    ]);
  });

  it('refuses with 422 a line no source prices, naming jurisdiction, quarter and fuel type, and stores nothing', async () => {
    const before = (await t.http.get(REPORTS).query({ page: 1 }).set(a.auth).expect(200)).body.pagination.total;
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send(
        official('Q3-2026', [
          LINES[0],
          { name: 'Texas', fuel_type: 'propane', total_miles: 500, taxable_miles: 500, gallons_purchased: 40 },
        ]),
      )
      .expect(422);
    expect(res.body.statusCode).toBe(422);
    expect(res.body.error).toContain('no propane tax rate for TX in Q3-2026');
    expect(res.body.fields).toEqual({ 'jurisdictions.1.tax_rate': expect.stringContaining('TX') });
    const after = (await t.http.get(REPORTS).query({ page: 1 }).set(a.auth).expect(200)).body.pagination.total;
    expect(after).toBe(before);

    // The same line with a typed rate is accepted, as 'typed'.
    const typed = await create(
      official('Q3-2026', [
        {
          name: 'Texas',
          fuel_type: 'propane',
          total_miles: 500,
          taxable_miles: 500,
          gallons_purchased: 40,
          tax_rate: 0.15,
        },
      ]),
    );
    expect(rates(typed)).toEqual([['TX', 0.15, 0, 'typed']]);
  });

  it('keeps a provisional draft provisional when it is saved again without its lines (finalised here)', async () => {
    const draft = await create(official('Q3-2026'));
    const final = (await t.http.put(`${REPORTS}/${draft.id}`).set(a.auth).send({ status: 'final' }).expect(200)).body;
    expect(rates(final)).toEqual(rates(draft));
    expect(final.rates_provisional_from).toBe('Q2-2026');
    expect(final.totals).toEqual(draft.totals);
  });

  it('refuses an update that would leave a line unpriced', async () => {
    const draft = await create(official('Q3-2026'));
    const res = await t.http
      .put(`${REPORTS}/${draft.id}`)
      .set(a.auth)
      .send(official('Q3-2026', [{ name: 'AB', fuel_type: 'lng', total_miles: 100, taxable_miles: 100 }]))
      .expect(422);
    expect(res.body.error).toContain('no lng tax rate for AB in Q3-2026');
  });

  it("answers a quarter's provisional rates beside its own through the rates-in-force route", async () => {
    const q3 = (await t.http.get(IN_FORCE).query({ period: 'Q3-2026', fuel_type: 'diesel' }).set(a.auth).expect(200))
      .body;
    expect(q3.rates).toEqual([]);
    expect(q3.provisional_from).toBe('Q2-2026');
    // No official matrix for 3Q2026: nothing to name; 2Q2026's is the one shipped with the app.
    expect(q3.matrix).toBeNull();
    expect(q3.provisional_rates).toHaveLength(60);
    expect(q3.provisional_rates.filter((r: Line) => r.code === 'KY')).toEqual([
      expect.objectContaining({
        kind: 'base',
        rate: '0.2200',
        effective_from: '2026-04-01',
        rate_source: 'provisional',
      }),
      expect.objectContaining({ kind: 'surcharge', rate: '0.1050', rate_source: 'provisional' }),
    ]);
    const q2 = (await t.http.get(IN_FORCE).query({ period: 'Q2-2026', fuel_type: 'diesel' }).set(a.auth).expect(200))
      .body;
    expect(q2.rates).toHaveLength(60);
    expect(q2).toMatchObject({ provisional_rates: [], provisional_from: null });
    expect(q2.matrix).toEqual({ quarter: 'Q2-2026', version: 1, fetched_at: expect.any(String) });
  });

  it('prints "Provisional rates (from 2Q2026)" and marks the lines in the PDF and the Excel export', async () => {
    const q3 = await create(official('Q3-2026'));
    const pdf = await t.http.get(`${REPORTS}/${q3.id}/pdf`).set(a.auth).buffer(true).parse(binaryParser).expect(200);
    const text = (await pdfPages(pdf.body as Buffer)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Provisional rates (from 2Q2026)');
    expect(text).toContain('Kentucky (provisional rate)');

    const xlsx = await t.http
      .post(`${REPORTS}/${q3.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const sheet = (await readWorkbook(xlsx.body as Buffer)).getWorksheet('Official Return')!;
    const rows = Object.values(sheetValues(sheet));
    expect(rows).toContainEqual(['Rates', 'Provisional rates (from 2Q2026)']);
    expect(rows).toContainEqual(['Kentucky (provisional rate)', 10000, 10000, 1538, 1538, 0, 0.22, 0, 161.49]);

    // Every sheet says so on screen and in its printed header, and every PDF page in its footer.
    const workbook = await readWorkbook(xlsx.body as Buffer);
    const report = Object.values(sheetValues(workbook.getWorksheet('IFTA Report')!));
    expect(report).toContainEqual(['Rates', 'Provisional rates (from 2Q2026)']);
    for (const name of ['IFTA Report', 'Official Return']) {
      expect(workbook.getWorksheet(name)!.headerFooter.oddHeader).toBe('&L&BProvisional rates (from 2Q2026)');
    }
    const pages = await pdfPages(pdf.body as Buffer);
    for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain('Provisional rates (from 2Q2026)');

    const q2 = await create(official('Q2-2026'));
    const plain = await t.http.get(`${REPORTS}/${q2.id}/pdf`).set(a.auth).buffer(true).parse(binaryParser).expect(200);
    expect((await pdfPages(plain.body as Buffer)).join(' ')).not.toContain('Provisional');
    const plainXlsx = await t.http
      .post(`${REPORTS}/${q2.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const plainBook = await readWorkbook(plainXlsx.body as Buffer);
    for (const name of ['IFTA Report', 'Official Return']) {
      const sheet = plainBook.getWorksheet(name)!;
      expect(JSON.stringify(sheetValues(sheet))).not.toContain('Provisional');
      expect(sheet.headerFooter?.oddHeader ?? '').not.toContain('Provisional');
    }
  });
});
