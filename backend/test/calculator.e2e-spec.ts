import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { IFTA_CODES, IFTA_JURISDICTIONS } from '../src/ifta/index.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser, readWorkbook, sheetValues, workbookBuffer } from './helpers/xlsx.js';

const HEADERS = ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'];

describe('calculator import and template', () => {
  let t: TestApp;
  let a: TestAccount;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    a = await registerAccount(t.http, { company_name: 'Acme Freight LLC' });
    // Known rates for this account: TX active at 0.2000, OK inactive, plus a custom surcharge row.
    await db.query('DELETE FROM tax_rates WHERE user_id = $1', [a.user.id]);
    await db.query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active) VALUES
         ($1, 'Texas', 'TX', 0.2, 'USA', true),
         ($1, 'Oklahoma', 'OK', 0.19, 'USA', false),
         ($1, 'Kentucky Surcharge', 'KYS', 0.1065, 'USA', true)`,
      [a.user.id],
    );
  });
  afterAll(() => t.close());

  const upload = (
    account: TestAccount,
    buffer: Buffer,
    filename = 'fuel.xlsx',
    fields: Record<string, string> = {},
  ) => {
    const req = t.http.post('/api/protected/calculator/upload-excel').set(account.auth);
    for (const [key, value] of Object.entries(fields)) req.field(key, value);
    return req.attach('file', buffer, { filename, contentType: 'application/octet-stream' });
  };
  const filled = (rows: unknown[][], build?: (wb: ExcelJS.Workbook) => void) =>
    workbookBuffer((wb) => {
      const sheet = wb.addWorksheet('IFTA Data');
      sheet.addRow(HEADERS);
      for (const row of rows) sheet.addRow(row);
      wb.addWorksheet('Instructions').addRow(['ignored']);
      build?.(wb);
    });

  describe('template', () => {
    it('downloads a workbook named with company, period and date, with the drop-down and instructions', async () => {
      const res = await t.http
        .get('/api/protected/calculator/template?company=Acme%20Freight%20LLC&period=Q2-2025')
        .set(a.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      const today = new Date().toISOString().slice(0, 10);
      const name = `IFTA_Template_Acme_Freight_LLC_Q2-2025_${today}.xlsx`;
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      const workbook = await readWorkbook(res.body as Buffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['IFTA Data', 'Instructions']);
      const data = workbook.getWorksheet('IFTA Data')!;
      expect(sheetValues(data)).toEqual({ 1: HEADERS });
      expect(data.getRow(1).getCell(1).font?.bold).toBe(true);
      for (const address of ['A2', 'A201']) {
        expect(data.getCell(address).dataValidation).toMatchObject({
          type: 'list',
          formulae: [`"${IFTA_CODES.join(',')}"`],
        });
      }
      expect(data.getCell('C2').dataValidation).toMatchObject({ type: 'decimal', operator: 'greaterThanOrEqual' });
      const help = sheetValues(workbook.getWorksheet('Instructions')!);
      expect(help[1]).toEqual(['IFTA Import Template']);
      expect(help[2]).toEqual(['Company', 'Acme Freight LLC']);
      expect(help[3]).toEqual(['Tax Period', 'Q2-2025']);
      expect(help[4]).toEqual(['Generated', today]);
      const codes = Object.values(help)
        .filter((row) => typeof row[0] === 'string' && /^[A-Z]{2}$/.test(row[0] as string))
        .map((row) => row[0]);
      expect(codes).toEqual(IFTA_JURISDICTIONS.map((j) => j.code));
    });

    it("defaults to the account's company and the current year's Q1", async () => {
      const res = await t.http.get('/api/protected/calculator/template').set(a.auth).expect(200);
      const year = new Date().getUTCFullYear();
      expect(res.headers['content-disposition']).toContain(`filename="IFTA_Template_Acme_Freight_LLC_${year}-Q1_`);
    });

    it('reads back a downloaded template filled in by the user', async () => {
      const res = await t.http
        .get('/api/protected/calculator/template')
        .set(a.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      const workbook = await readWorkbook(res.body as Buffer);
      const data = workbook.getWorksheet('IFTA Data')!;
      data.getRow(2).values = ['TX', 1600, 1500, 200];
      data.getRow(3).values = ['ON', 500, 500, 75.5];
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      const imported = await upload(a, buffer, 'IFTA_Template.xlsx', { average_mpg: '5' }).expect(200);
      expect(imported.body.count).toBe(2);
      expect(imported.body.entries.map((e: { state_abbreviation: string }) => e.state_abbreviation)).toEqual([
        'TX',
        'ON',
      ]);
    });
  });

  describe('upload-excel', () => {
    it('turns a filled template into entries priced at the account’s active rates', async () => {
      const buffer = await filled([
        ['TX', 1600, 1500, 200],
        ['ok', 300, 300, 45.5],
        ['Ontario', 500, null, 0],
        ['KYS', 100, 100, 0],
      ]);
      const res = await upload(a, buffer, 'Fuel Q1.XLSX', { average_mpg: '5', period: 'Q1-2025' }).expect(200);
      expect(res.body).toEqual({
        count: 4,
        average_mpg: 5,
        entries: [
          {
            state: 'Texas',
            state_abbreviation: 'TX',
            tax_rate: 0.2,
            miles_driven: 1500,
            total_miles: 1600,
            fuel_purchased: 200,
            fuel_consumed: 300,
            net_gallons: 100,
            tax_due: 20,
          },
          {
            state: 'Oklahoma',
            state_abbreviation: 'OK',
            tax_rate: 0, // inactive rate
            miles_driven: 300,
            total_miles: 300,
            fuel_purchased: 45.5,
            fuel_consumed: 60,
            net_gallons: 14.5,
            tax_due: 0,
          },
          {
            state: 'Ontario',
            state_abbreviation: 'ON',
            tax_rate: 0, // no rate row at all
            miles_driven: 500,
            total_miles: 500,
            fuel_purchased: 0,
            fuel_consumed: 100,
            net_gallons: 100,
            tax_due: 0,
          },
          {
            state: 'Kentucky Surcharge',
            state_abbreviation: 'KYS',
            tax_rate: 0.1065,
            miles_driven: 100,
            total_miles: 100,
            fuel_purchased: 0,
            fuel_consumed: 20,
            net_gallons: 20,
            tax_due: 2.13,
          },
        ],
      });
    });

    it("uses the account's default MPG when none is given", async () => {
      const res = await upload(a, await filled([['TX', 750, 750, 0]])).expect(200);
      expect(res.body.average_mpg).toBe(7.5);
      expect(res.body.entries[0].fuel_consumed).toBe(100);
    });

    it('reads cached formula results and never evaluates formulas', async () => {
      const buffer = await filled([
        ['TX', { formula: 'C2*2', result: 3000 }, 1500, { formula: '100+100', result: 200 }],
      ]);
      const res = await upload(a, buffer, 'fuel.xlsx', { average_mpg: '5' }).expect(200);
      expect(res.body.entries[0]).toMatchObject({ total_miles: 3000, miles_driven: 1500, fuel_purchased: 200 });
    });

    it.each([
      ['a CSV file', 'fuel.csv', Buffer.from('TX,100,10\n')],
      ['an .xls name', 'fuel.xls', Buffer.from('PK\u0003\u0004 pretending')],
    ])('refuses %s with the Russian .xlsx-only message', async (_label, filename, buffer) => {
      const res = await upload(a, buffer, filename).expect(400);
      expect(res.body.error).toBe('Разрешены только файлы .xlsx');
    });

    it('answers a .xlsx name on bytes that are not a zip (a damaged workbook) as unreadable, not of the wrong type', async () => {
      const res = await upload(a, Buffer.from('TX,100,10\n'), 'fuel.xlsx').expect(400);
      expect(res.body.error).toBe('Error: Failed to process file');
    });

    it('refuses an 11 MB file with "File must not exceed 10MB"', async () => {
      const big = Buffer.alloc(11 * 1024 * 1024, 0x41);
      big.write('PK\u0003\u0004', 0, 'latin1');
      const res = await upload(a, big).expect(400);
      expect(res.body.error).toBe('File must not exceed 10MB');
    });

    it('answers "Error: Failed to process file" for a corrupt workbook, and keeps serving', async () => {
      const good = await filled([['TX', 1, 1, 1]]);
      const corrupt = Buffer.from(good);
      corrupt.fill(0x00, 100, corrupt.length - 600);
      const res = await upload(a, corrupt).expect(400);
      expect(res.body.error).toBe('Error: Failed to process file');
      await upload(a, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000)])).expect(400);
      await upload(a, good, 'fuel.xlsx', { average_mpg: '5' }).expect(200);
    });

    it('refuses a sheet with more than 5,000 rows', async () => {
      const rows = Array.from({ length: 5001 }, (_, i) => ['TX', i, i, i]);
      const res = await upload(a, await filled(rows)).expect(400);
      expect(res.body.error).toBe('Error: Failed to process file: The sheet has more than 5,000 rows');
    });

    it('refuses 5,001 data rows in a sheet without a header, and accepts exactly 5,000', async () => {
      const rows = (n: number) =>
        workbookBuffer((wb) => {
          const sheet = wb.addWorksheet('IFTA Data');
          for (let i = 0; i < n; i++) sheet.addRow(['TX', i, i, i]);
        });
      const refused = await upload(a, await rows(5001)).expect(400);
      expect(refused.body.errors).toEqual(['The sheet has more than 5,000 rows']);
      const accepted = await upload(a, await rows(5000)).expect(200);
      // One line per jurisdiction: the 5,000 TX rows arrive as one line holding their sum.
      expect(accepted.body.count).toBe(1);
      expect(accepted.body.entries[0].miles_driven).toBe((4999 * 5000) / 2);
    });

    it('answers no entries for an empty sheet', async () => {
      const empty = await workbookBuffer((wb) => void wb.addWorksheet('IFTA Data'));
      await upload(a, empty).expect(200, { entries: [], count: 0, average_mpg: 7.5 });
      const headerOnly = await filled([]);
      const res = await upload(a, headerOnly).expect(200);
      expect(res.body.count).toBe(0);
    });

    it('lists unknown states and bad numbers by row number and imports nothing', async () => {
      const buffer = await filled([
        ['TX', 1, 1, 1],
        ['ZZ', 1, 1, 1],
        ['CA', 'ten', 1, 1],
        ['NY', 1, 1, -2],
        ['Atlantis', 1, 1, 1],
      ]);
      const res = await upload(a, buffer).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Some rows could not be imported; nothing was imported',
        message: 'Some rows could not be imported; nothing was imported',
        errors: [
          'Row 3: unknown jurisdiction "ZZ"',
          'Row 4: Total Miles "ten" is not a number',
          'Row 5: Gallons Purchased must not be negative',
          'Row 6: unknown jurisdiction "Atlantis"',
        ],
        details: [
          { row: 3, message: 'unknown jurisdiction "ZZ"' },
          { row: 4, message: 'Total Miles "ten" is not a number' },
          { row: 5, message: 'Gallons Purchased must not be negative' },
          { row: 6, message: 'unknown jurisdiction "Atlantis"' },
        ],
      });
    });

    it('refuses a request without a file', async () => {
      const res = await t.http
        .post('/api/protected/calculator/upload-excel')
        .set(a.auth)
        .field('period', 'Q1-2025')
        .expect(400);
      expect(res.body.error).toBe('Please choose an .xlsx file to upload');
    });

    it('refuses uploads without a token', async () => {
      await t.http
        .post('/api/protected/calculator/upload-excel')
        .attach('file', Buffer.from('x'), 'a.xlsx')
        .expect(401);
    });
  });

  describe('paste-data', () => {
    const paste = (account: TestAccount, body: object) =>
      t.http
        .post('/api/protected/calculator/paste-data')
        .set(account.auth)
        .send({ source: 'excel_paste', ...body });

    it('reads comma-separated lines', async () => {
      const res = await paste(a, { data: 'TX, 1500, 200\nON, 500, 0', average_mpg: 5 }).expect(200);
      expect(res.body.count).toBe(2);
      expect(res.body.entries[0]).toEqual({
        state: 'Texas',
        state_abbreviation: 'TX',
        tax_rate: 0.2,
        miles_driven: 1500,
        total_miles: 1500,
        fuel_purchased: 200,
        fuel_consumed: 300,
        net_gallons: 100,
        tax_due: 20,
      });
    });

    it('reads tab-separated lines copied from a spreadsheet, header and thousands separators included', async () => {
      const res = await paste(a, {
        data: 'State\tMiles\tGallons\r\nTX\t1,500\t200\r\nKYS\t1,000\t0.5\r\n',
        average_mpg: 5,
      }).expect(200);
      expect(res.body.entries.map((e: { miles_driven: number }) => e.miles_driven)).toEqual([1500, 1000]);
      expect(res.body.entries[1]).toMatchObject({ state_abbreviation: 'KYS', tax_rate: 0.1065, fuel_purchased: 0.5 });
    });

    it.each(['', '   \n\t\n'])('refuses blank data %j with "Please paste some data"', async (data) => {
      const res = await paste(a, { data }).expect(400);
      expect(res.body.error).toBe('Please paste some data');
    });

    it('refuses a missing data field with "Please paste some data"', async () => {
      const res = await paste(a, {}).expect(400);
      expect(res.body.error).toBe('Please paste some data');
    });

    it('lists bad lines by line number', async () => {
      const res = await paste(a, { data: 'TX, 100, 10\nXX, 1, 1\nCA, 1,234, 5' }).expect(400);
      expect(res.body.errors).toEqual([
        'Line 2: unknown jurisdiction "XX"',
        'Line 3: expected "abbreviation, miles, gallons" but found 4 fields (numbers must not contain commas; copy from a spreadsheet to keep "1,234")',
      ]);
    });
  });

  describe('with a calculation session', () => {
    it('appends uploaded and pasted entries to the session and uses its MPG', async () => {
      const session = await t.http
        .post('/api/protected/calculation-sessions')
        .set(a.auth)
        .send({ name: 'Q1 fuel', average_mpg: 6 })
        .expect(201);
      const id = session.body.id;
      const uploaded = await upload(a, await filled([['TX', 600, 600, 0]]), 'f.xlsx', {
        session_id: id,
        period: 'Q1-2025',
      }).expect(200);
      expect(uploaded.body).toMatchObject({ count: 1, average_mpg: 6, session_id: id });
      expect(uploaded.body.entries[0].fuel_consumed).toBe(100);
      await t.http
        .post('/api/protected/calculator/paste-data')
        .set(a.auth)
        .send({ data: 'TX, 60, 5', session_id: id })
        .expect(200);
      const read = await t.http.get(`/api/protected/calculation-sessions/${id}`).set(a.auth).expect(200);
      expect(read.body.tax_period).toBe('Q1-2025');
      expect(read.body.entries.map((e: { miles_driven: number }) => e.miles_driven)).toEqual([600, 60]);
    });

    it("answers 404 for another account's session and appends nothing", async () => {
      const b = await registerAccount(t.http);
      const session = await t.http.post('/api/protected/calculation-sessions').set(b.auth).send({}).expect(201);
      const res = await upload(a, await filled([['TX', 1, 1, 1]]), 'f.xlsx', { session_id: session.body.id }).expect(
        404,
      );
      expect(res.body.error).toBe('Calculation session not found');
      await t.http
        .post('/api/protected/calculator/paste-data')
        .set(a.auth)
        .send({ data: 'TX, 1, 1', session_id: session.body.id })
        .expect(404);
      await t.http
        .post('/api/protected/calculator/paste-data')
        .set(a.auth)
        .send({ data: 'TX, 1, 1', session_id: 'nope' })
        .expect(404);
      const read = await t.http.get(`/api/protected/calculation-sessions/${session.body.id}`).set(b.auth).expect(200);
      expect(read.body.entries).toEqual([]);
    });
  });
});
