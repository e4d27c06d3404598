import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser, readWorkbook, sheetValues, wallClock } from './helpers/xlsx.js';

const REPORT = {
  company_name: 'Acme Freight LLC',
  license_number: 'OH-123456789',
  tax_period: 'Q1-2025',
  period: 'Q1-2025',
  average_mpg: 5,
  status: 'draft',
  jurisdictions: [
    { name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.58 },
    { name: 'OK', total_miles: 0, taxable_miles: 0, gallons_purchased: 150, tax_rate: 0.3 },
  ],
};

const EXPECTED_ROWS = [
  {
    name: 'TX',
    code: 'TX',
    fuel_type: 'diesel',
    total_miles: 1600,
    taxable_miles: 1500,
    gallons_purchased: 200,
    tax_rate: 0.58,
    gallons_consumed: 300,
    net_gallons: 100,
    tax_due: 58,
    non_tax_paid_gallons: 0,
    surcharge_rate: 0,
    surcharge_due: 0,
    rate_source: null,
    rate_from: null,
  },
  {
    name: 'OK',
    code: 'OK',
    fuel_type: 'diesel',
    total_miles: 0,
    taxable_miles: 0,
    gallons_purchased: 150,
    tax_rate: 0.3,
    gallons_consumed: 0,
    net_gallons: -150,
    tax_due: -45,
    non_tax_paid_gallons: 0,
    surcharge_rate: 0,
    surcharge_due: 0,
    rate_source: null,
    rate_from: null,
  },
];

/** The detail as the other answers give the report: it alone adds who prepared and who finalised it (audit trail). */
const withoutAuthors = ({ prepared_by: _prepared, finalised_by: _finalised, ...report }: Record<string, unknown>) =>
  report;

describe('reports API', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    b = await registerAccount(t.http, { company_name: 'Other Carrier Inc' });
  });
  afterAll(() => t.close());

  const create = (account: TestAccount, body: object = REPORT) =>
    t.http.post('/api/protected/reports').set(account.auth).send(body);

  it('saves a report and answers every field with numbers recomputed by the server', async () => {
    const res = await create(a).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      _id: res.body.id,
      name: 'IFTA Q1-2025 - Acme Freight LLC',
      company_name: 'Acme Freight LLC',
      license_number: 'OH-123456789',
      tax_period: 'Q1-2025',
      period: 'Q1-2025',
      average_mpg: 5,
      calculation_mode: 'worksheet',
      mpg_source: null,
      fleet_mpg: null,
      status: 'draft',
      is_final: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      // Every report carries its due date; a draft has no filing day, penalty or interest.
      due_date: '2025-04-30',
      filed_at: null,
      penalty: null,
      interest: null,
      // A worksheet report belongs to no filed return: never amended nor superseded.
      amended: false,
      amends_id: null,
      difference: null,
      amendment_number: null,
      // A draft is no return of record, and is never voided.
      return_of_record: false,
      voided: false,
      voided_at: null,
      void_reason: null,
      // A draft is not filed: it owes nothing yet, so it has no balance.
      amount_due: null,
      paid: null,
      balance: null,
      settlement: null,
      superseded_by_id: null,
      superseded: false,
      interest_rate_missing: false,
      // A draft owes its tax: no penalty or interest yet.
      total_to_remit: 13,
      schedules: [],
      rates_provisional_from: null,
      jurisdictions: EXPECTED_ROWS,
      totals: {
        total_miles: 1600,
        taxable_miles: 1500,
        gallons_purchased: 350,
        gallons_consumed: 300,
        net_gallons: -50,
        tax_due: 13,
        surcharge_due: 0,
        non_tax_paid_gallons: 0,
        is_no_tax_due: false,
      },
    });
    const read = await t.http.get(`/api/protected/reports/${res.body.id}`).set(a.auth).expect(200);
    expect(withoutAuthors(read.body)).toEqual(res.body);
    expect(read.body.prepared_by).toEqual({ email: a.user.email, at: expect.any(String) });
  });

  it('ignores forged gallons_consumed, net_gallons and tax_due sent by the client', async () => {
    const forged = {
      ...REPORT,
      jurisdictions: REPORT.jurisdictions.map((row) => ({
        ...row,
        gallons_consumed: 1,
        net_gallons: -999,
        tax_due: -100000,
      })),
    };
    const res = await create(a, forged).expect(201);
    expect(res.body.jurisdictions).toEqual(EXPECTED_ROWS);
    expect(res.body.totals.tax_due).toBe(13);
  });

  it('reads numeric text, counts missing numbers as 0 and rounds inputs to their stored scale', async () => {
    const res = await create(a, {
      company_name: 'Acme Freight LLC',
      average_mpg: '6.456',
      jurisdictions: [{ name: 'texas', taxable_miles: '1000', tax_rate: 0.123456 }],
    }).expect(201);
    expect(res.body.average_mpg).toBe(6.46);
    expect(res.body.name).toBe('IFTA Report - Acme Freight LLC');
    expect(res.body.jurisdictions[0]).toEqual({
      name: 'texas',
      code: 'TX',
      fuel_type: 'diesel',
      total_miles: 0,
      taxable_miles: 1000,
      gallons_purchased: 0,
      tax_rate: 0.1235,
      gallons_consumed: 154.799, // 1000 / 6.46
      net_gallons: 154.799,
      tax_due: 19.12,
      non_tax_paid_gallons: 0,
      surcharge_rate: 0,
      surcharge_due: 0,
      rate_source: null,
      rate_from: null,
    });
  });

  it('makes every row a credit when the average MPG is 0', async () => {
    const res = await create(a, { ...REPORT, average_mpg: 0 }).expect(201);
    expect(res.body.jurisdictions.map((r: { tax_due: number }) => r.tax_due)).toEqual([-116, -45]);
    expect(res.body.totals.tax_due).toBe(-161);
  });

  it('flags a total that rounds to zero as No Tax Due', async () => {
    const res = await create(a, {
      ...REPORT,
      jurisdictions: [
        { name: 'TX', taxable_miles: 500, gallons_purchased: 0, tax_rate: 0.3 },
        { name: 'OK', taxable_miles: 0, gallons_purchased: 100, tax_rate: 0.3 },
      ],
    }).expect(201);
    expect(res.body.totals).toMatchObject({ tax_due: 0, is_no_tax_due: true });
  });

  it('keeps is_final in step with status, and reads is_final when status is absent', async () => {
    const final = await create(a, { ...REPORT, status: 'final' }).expect(201);
    expect(final.body).toMatchObject({ status: 'final', is_final: true });
    const { status: _status, ...withoutStatus } = REPORT;
    const viaFlag = await create(a, { ...withoutStatus, is_final: true }).expect(201);
    expect(viaFlag.body).toMatchObject({ status: 'final', is_final: true });
  });

  it.each([
    ['company_name', { company_name: '  ' }, 'company_name is required'],
    ['average_mpg', { average_mpg: undefined }, 'average_mpg is required and must be a number'],
    ['average_mpg', { average_mpg: -1 }, 'average_mpg must not be less than 0'],
    ['average_mpg', { average_mpg: 1001 }, 'average_mpg must not be greater than 1000'],
    ['jurisdictions', { jurisdictions: [] }, 'jurisdictions must hold at least one jurisdiction'],
    ['jurisdictions', { jurisdictions: undefined }, 'jurisdictions must hold at least one jurisdiction'],
    ['jurisdictions.0.total_miles', { jurisdictions: [{ name: 'TX', total_miles: -5 }] }, 'must not be less than 0'],
    ['jurisdictions.0.taxable_miles', { jurisdictions: [{ name: 'TX', taxable_miles: 'lots' }] }, 'must be a number'],
    ['jurisdictions.0.tax_rate', { jurisdictions: [{ name: 'TX', tax_rate: 101 }] }, 'must not be greater than 100'],
    ['jurisdictions.0.name', { jurisdictions: [{ name: '' }] }, 'name is required'],
    ['jurisdictions.1.name', { jurisdictions: [{ name: 'TX' }, { name: 'Atlantis' }] }, 'is not an IFTA jurisdiction'],
    [
      'jurisdictions.1.name',
      { jurisdictions: [{ name: 'TX' }, { name: 'Texas' }] },
      'repeats jurisdictions.0 (TX, diesel)',
    ],
    ['status', { status: 'archived' }, 'status must be one of draft, final'],
    [
      'jurisdictions',
      { jurisdictions: Array.from({ length: 201 }, () => ({ name: 'TX' })) },
      'jurisdictions must contain no more than 200 elements',
    ],
  ])('refuses a bad %s with a 400 naming it, and saves nothing', async (field, change, text) => {
    const fresh = await registerAccount(t.http);
    const res = await create(fresh, { ...REPORT, ...change }).expect(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(res.body.error).toContain(text);
    const list = await t.http.get('/api/protected/reports').set(fresh.auth).expect(200);
    expect(list.body).toEqual([]);
  });

  it('refuses a report whose derived numbers would not fit, instead of failing on save', async () => {
    const res = await create(a, {
      ...REPORT,
      average_mpg: 0.01,
      jurisdictions: [{ name: 'TX', taxable_miles: 1_000_000_000, tax_rate: 100 }],
    }).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['jurisdictions.0.taxable_miles']);
  });

  it("accepts a jurisdiction from the account's own tax-rate table, but not another account's", async () => {
    await t.app
      .get(DataSource)
      .query(
        `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active) VALUES ($1, 'Kentucky Surcharge', 'KYS', 0.1065, 'USA', true)`,
        [a.user.id],
      );
    const body = { ...REPORT, jurisdictions: [{ name: 'KYS', taxable_miles: 100, tax_rate: 0.1065 }] };
    await create(a, body).expect(201);
    const other = await create(b, body).expect(400);
    expect(Object.keys(other.body.fields)).toEqual(['jurisdictions.0.name']);
  });

  it('lists only the caller’s reports, newest first, with limit and offset', async () => {
    const account = await registerAccount(t.http);
    const names = ['first', 'second', 'third'];
    for (const name of names) await create(account, { ...REPORT, name }).expect(201);
    const all = await t.http.get('/api/protected/reports').set(account.auth).expect(200);
    expect(all.body.map((r: { name: string }) => r.name)).toEqual(['third', 'second', 'first']);
    expect(all.body[0].jurisdictions).toHaveLength(2);
    const page = await t.http.get('/api/protected/reports?limit=1&offset=1').set(account.auth).expect(200);
    expect(page.body.map((r: { name: string }) => r.name)).toEqual(['second']);
    await t.http.get('/api/protected/reports?limit=1001').set(account.auth).expect(400);
    const other = await t.http.get('/api/protected/reports').set(b.auth).expect(200);
    expect(other.body.some((r: { company_name: string }) => r.company_name === 'Acme Freight LLC')).toBe(false);
  });

  it('lists each report exactly as GET /reports/{id} answers it (the list is built in SQL)', async () => {
    const account = await registerAccount(t.http);
    await create(account).expect(201);
    const zero = { ...REPORT, name: 'no tax', jurisdictions: [{ name: 'TX', total_miles: 0, taxable_miles: 0 }] };
    await create(account, zero).expect(201);
    await create(account, { ...REPORT, name: 'final', status: 'final', average_mpg: 6.25 }).expect(201);
    const list = await t.http.get('/api/protected/reports').set(account.auth).expect(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.body).toHaveLength(3);
    expect(list.body.map((r: { totals: { is_no_tax_due: boolean } }) => r.totals.is_no_tax_due)).toEqual([
      false,
      true,
      false,
    ]);
    for (const listed of list.body) {
      const one = await t.http.get(`/api/protected/reports/${listed.id}`).set(account.auth).expect(200);
      expect(listed).toEqual(withoutAuthors(one.body));
    }
  });

  it('updates a draft, recomputing from the new inputs and replacing the jurisdictions', async () => {
    const created = await create(a).expect(201);
    const res = await t.http
      .put(`/api/protected/reports/${created.body.id}`)
      .set(a.auth)
      .send({
        average_mpg: 6,
        name: 'Renamed',
        jurisdictions: [
          { name: 'CA', total_miles: 600, taxable_miles: 600, gallons_purchased: 50, tax_rate: 1, tax_due: 1 },
        ],
      })
      .expect(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      name: 'Renamed',
      company_name: 'Acme Freight LLC',
      average_mpg: 6,
      jurisdictions: [{ name: 'CA', gallons_consumed: 100, net_gallons: 50, tax_due: 50 }],
      totals: { tax_due: 50 },
      created_at: created.body.created_at,
    });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(created.body.updated_at).getTime());
  });

  it('keeps the jurisdictions when an update leaves them out', async () => {
    const created = await create(a).expect(201);
    const res = await t.http
      .put(`/api/protected/reports/${created.body.id}`)
      .set(a.auth)
      .send({ average_mpg: 3 })
      .expect(200);
    expect(res.body.jurisdictions.map((r: { gallons_consumed: number }) => r.gallons_consumed)).toEqual([500, 0]);
  });

  it('locks a final report: updates answer 409, deleting it stays allowed', async () => {
    const created = await create(a).expect(201);
    const finalised = await t.http
      .put(`/api/protected/reports/${created.body.id}`)
      .set(a.auth)
      .send({ status: 'final' })
      .expect(200);
    expect(finalised.body).toMatchObject({ status: 'final', is_final: true });
    const refused = await t.http
      .put(`/api/protected/reports/${created.body.id}`)
      .set(a.auth)
      .send({ status: 'draft', name: 'Sneaky' })
      .expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      error: 'Final reports cannot be edited',
      message: 'Final reports cannot be edited',
    });
    const read = await t.http.get(`/api/protected/reports/${created.body.id}`).set(a.auth).expect(200);
    expect(withoutAuthors(read.body)).toEqual(finalised.body);
    await t.http.delete(`/api/protected/reports/${created.body.id}`).set(a.auth).expect(200, {
      id: created.body.id,
      deleted: true,
    });
    await t.http.get(`/api/protected/reports/${created.body.id}`).set(a.auth).expect(404);
  });

  it("answers 404 for another account's report on get, update, delete and export, and leaves it intact", async () => {
    const created = await create(a).expect(201);
    const url = `/api/protected/reports/${created.body.id}`;
    const notFound = await t.http.get(url).set(b.auth).expect(404);
    expect(notFound.body.error).toBe('Report not found');
    await t.http.put(url).set(b.auth).send({ name: 'Hijacked' }).expect(404);
    await t.http.delete(url).set(b.auth).expect(404);
    await t.http.post(`${url}/export`).set(b.auth).expect(404);
    const read = await t.http.get(url).set(a.auth).expect(200);
    expect(withoutAuthors(read.body)).toEqual(created.body);
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000'])('answers 404 for report id %s', async (id) => {
    await t.http.get(`/api/protected/reports/${id}`).set(a.auth).expect(404);
    await t.http.put(`/api/protected/reports/${id}`).set(a.auth).send({ name: 'x' }).expect(404);
    await t.http.delete(`/api/protected/reports/${id}`).set(a.auth).expect(404);
    await t.http.post(`/api/protected/reports/${id}/export`).set(a.auth).expect(404);
  });

  it('refuses every report route without a token', async () => {
    await t.http.get('/api/protected/reports').expect(401);
    await t.http.post('/api/protected/reports').send(REPORT).expect(401);
  });

  describe('export', () => {
    it('downloads a real .xlsx named "{name}_report.xlsx" holding the report cell by cell', async () => {
      // Filed late: Q1-2025 was due 2025-04-30; two months of interest at 2025's 9% on TX's $58.00.
      const created = await create(a, { ...REPORT, name: 'Q1 Ohio', status: 'final', filed_at: '2025-06-15' }).expect(
        201,
      );
      const res = await t.http
        .post(`/api/protected/reports/${created.body.id}/export`)
        .set(a.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Q1 Ohio_report.xlsx"; filename*=UTF-8''Q1%20Ohio_report.xlsx`,
      );
      const workbook = await readWorkbook(res.body as Buffer);
      const sheet = workbook.getWorksheet('IFTA Report')!;
      expect(sheet).toBeDefined();
      expect(sheetValues(sheet)).toEqual({
        1: ['IFTA Fuel Tax Report'],
        3: ['General Information'],
        4: ['Report Name', 'Q1 Ohio'],
        5: ['Company Name', 'Acme Freight LLC'],
        6: ['IFTA License', 'OH-123456789'],
        7: ['Tax Period', 'Q1-2025'],
        8: ['Average MPG', 5],
        9: ['Status', 'Final'],
        // The account's clock (Settings' default America/New_York), in its date format (default MM/DD/YYYY).
        10: ['Created', wallClock(created.body.created_at, 'America/New_York')],
        11: ['Jurisdictions', 2],
        13: ['Jurisdiction Details'],
        14: [
          'Jurisdiction',
          'Total Miles',
          'Taxable Miles',
          'Gallons Purchased',
          'Tax Rate',
          'Consumed',
          'Net Gallons',
          'Tax Due / Credit',
        ],
        15: ['TX', 1600, 1500, 200, 0.58, 300, 100, 58],
        16: ['OK', 0, 0, 150, 0.3, 0, -150, -45],
        17: ['Total', 1600, 1500, 350, undefined, 300, -50, 13],
        19: ['Total Tax Due', undefined, undefined, undefined, undefined, undefined, undefined, 13],
        21: ['Filing'],
        22: ['Due Date', '04/30/2025'],
        23: ['Filed', '06/15/2025'],
        24: ['Late Penalty', 50],
        25: ['Late Interest', 0.87],
        // Tax 13.00 + penalty 50.00 + interest 0.87.
        26: ['Total to Remit', 63.87],
      });
      const header = sheet.getRow(14);
      expect(header.getCell(1).font?.bold).toBe(true);
      expect(sheet.getRow(17).getCell(1).font?.bold).toBe(true);
      expect(sheet.getRow(15).getCell(4).numFmt).toBe('#,##0.0##');
      expect(sheet.getRow(15).getCell(5).numFmt).toBe('"$"0.0000');
      expect(sheet.getRow(16).getCell(8).numFmt).toBe('[Red]"$"#,##0.00;[Green]"-$"#,##0.00" (credit)";"$"0.00');
      expect(sheet.getColumn(1).width).toBe(28);
      expect(sheet.getRow(10).getCell(2).numFmt).toBe('mm/dd/yyyy hh:mm');
    });

    it('exports the report as it is now after an edit, never the workbook kept from before it', async () => {
      const created = await create(a, { ...REPORT, name: 'Kept Q1' }).expect(201);
      const exportNameAndTx = async () => {
        const res = await t.http
          .post(`/api/protected/reports/${created.body.id}/export`)
          .set(a.auth)
          .buffer(true)
          .parse(binaryParser)
          .expect(200);
        const sheet = (await readWorkbook(res.body as Buffer)).getWorksheet('IFTA Report')!;
        return [sheet.getRow(4).getCell(2).value, (sheet.getRow(15).values as unknown[]).slice(1)];
      };
      expect(await exportNameAndTx()).toEqual(['Kept Q1', ['TX', 1600, 1500, 200, 0.58, 300, 100, 58]]);
      expect(await exportNameAndTx()).toEqual(['Kept Q1', ['TX', 1600, 1500, 200, 0.58, 300, 100, 58]]);
      await t.http
        .put(`/api/protected/reports/${created.body.id}`)
        .set(a.auth)
        .send({ jurisdictions: [{ ...REPORT.jurisdictions[0], gallons_purchased: 250 }, REPORT.jurisdictions[1]] })
        .expect(200);
      expect(await exportNameAndTx()).toEqual(['Kept Q1', ['TX', 1600, 1500, 250, 0.58, 300, 50, 29]]);
    });

    it('shows a credit summary and keeps a non-ASCII name in filename*', async () => {
      const created = await create(a, {
        ...REPORT,
        name: 'Отчёт "Q1"/2025',
        jurisdictions: [REPORT.jurisdictions[1]],
      }).expect(201);
      const res = await t.http
        .post(`/api/protected/reports/${created.body.id}/export`)
        .set(a.auth)
        .send({})
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="_Q1_2025_report.xlsx"; filename*=UTF-8''${encodeURIComponent('Отчёт "Q1"/2025_report.xlsx')}`,
      );
      const sheet = (await readWorkbook(res.body as Buffer)).getWorksheet('IFTA Report')!;
      expect(sheet.getRow(4).getCell(2).value).toBe('Отчёт "Q1"/2025');
      expect((sheet.getRow(18).values as unknown[]).slice(1)).toEqual([
        'Total Overpayment (Credit)',
        ...Array(6).fill(undefined),
        -45,
      ]);
    });
  });
});
