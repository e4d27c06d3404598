import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { DataSource } from 'typeorm';
import yauzl from 'yauzl';
import { addMember } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser } from './helpers/xlsx.js';
import { solidPng } from './helpers/png.js';

const PNG = solidPng();
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Every entry of a ZIP, by name, its bytes inflated (yauzl checks each entry's CRC as it reads). */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

const csvOf = (bytes: Buffer | undefined): string[][] => parse(bytes!.toString('utf8')) as string[][];
const isPdf = (bytes: Buffer | undefined) => bytes!.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The audit packet: a quarter with a filed return, trips kept as trip sheets, receipts complete and not, three kinds
 * of attached file; a later quarter with only a draft; another company's records that must never appear.
 */
describe('records audit packet: the ZIP an IFTA auditor asks for', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: TestAccount;
  let viewer: TestAccount;
  const purchases: Record<string, string> = {};

  const post = (who: TestAccount, path: string, body: Record<string, unknown>) =>
    t.http.post(`/api/protected/${path}`).set(who.auth).send(body).expect(201);
  const attach = (who: TestAccount, id: string, bytes: Buffer, name: string) =>
    t.http.post(`/api/protected/fuel-purchases/${id}/attachment`).set(who.auth).attach('file', bytes, name).expect(201);
  const packet = (query: Record<string, string>, who: TestAccount = a) =>
    t.http.get('/api/protected/records/audit-packet').query(query).set(who.auth).buffer(true).parse(binaryParser);

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    other = await registerAccount(t.http);
    viewer = await addMember(t, a, 'viewer');
    await post(a, 'vehicles', { unit: 'T1', vin: '1XKAD49X0CJ123456', fuel_type: 'diesel' });
    // T1: trip TR-1 is 412.5 mi in TX and 187.5 in OK; a segment of its own is 50 toll-road miles in OK.
    await post(a, 'trips', { date: '2026-07-01', unit: 'T1', jurisdiction: 'TX', miles: 412.5, trip_number: 'TR-1' });
    await post(a, 'trips', { date: '2026-07-02', unit: 'T1', jurisdiction: 'OK', miles: 187.5, trip_number: 'TR-1' });
    await post(a, 'trips', {
      date: '2026-07-03',
      unit: 'T1',
      jurisdiction: 'OK',
      miles: 50,
      non_taxable_reason: 'toll_road',
    });
    await post(a, 'trips', { date: '2026-08-10', unit: 'V2', jurisdiction: 'KY', miles: 300.25 });
    purchases.complete = (
      await post(a, 'fuel-purchases', {
        date: '2026-07-01',
        unit: 'T1',
        jurisdiction: 'TX',
        quantity: 60.25,
        fuel_type: 'diesel',
        vendor: 'Pilot #12',
        vendor_address: '1200 I-35 N, Dallas TX',
        total_price: 210.88,
        receipt_number: 'R-100',
      })
    ).body.id;
    purchases.incomplete = (
      await post(a, 'fuel-purchases', { date: '2026-07-02', unit: 'T1', jurisdiction: 'OK', quantity: 40 })
    ).body.id;
    purchases.gasoline = (
      await post(a, 'fuel-purchases', {
        date: '2026-08-10',
        unit: 'V2',
        jurisdiction: 'KY',
        quantity: 20.5,
        fuel_type: 'gasoline',
        vendor: 'Love’s',
        vendor_address: 'Louisville, KY',
        total_price: 70,
      })
    ).body.id;
    purchases.bare = (
      await post(a, 'fuel-purchases', {
        date: '2026-08-11',
        unit: 'V2',
        jurisdiction: 'IN',
        quantity: 12,
        fuel_type: 'gasoline',
        tax_paid: false,
      })
    ).body.id;
    await attach(a, purchases.complete, PNG, 'receipt.png');
    await attach(a, purchases.incomplete, JPEG, 'receipt.jpg');
    await attach(a, purchases.gasoline, PDF, 'receipt.pdf');
    // Q3's diesel return, filed.
    const built = await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q3-2026', fuel_type: 'diesel' })
      .expect(200);
    await t.http
      .put(`/api/protected/reports/${built.body.report.id}`)
      .set(a.auth)
      .send({ status: 'final' })
      .expect(200);
    // Q4: one trip and a purchase, and a return only drafted.
    await post(a, 'trips', { date: '2026-10-05', unit: 'T1', jurisdiction: 'TX', miles: 100 });
    await post(a, 'fuel-purchases', { date: '2026-10-05', unit: 'T1', jurisdiction: 'TX', quantity: 16 });
    await t.http
      .post('/api/protected/returns/build')
      .set(a.auth)
      .send({ period: 'Q4-2026', fuel_type: 'diesel' })
      .expect(200);
    // Another company's unit, trips and an attached receipt in the same quarter.
    await post(other, 'trips', { date: '2026-07-05', unit: 'OTHER-9', jurisdiction: 'TX', miles: 777 });
    const theirs = (
      await post(other, 'fuel-purchases', { date: '2026-07-05', unit: 'OTHER-9', jurisdiction: 'TX', quantity: 99 })
    ).body.id;
    await attach(other, theirs, PNG, 'theirs.png');
  });

  afterAll(async () => {
    await t.close();
  });

  const attachmentName = (date: string, unit: string, id: string, ext: string) =>
    `receipts/${date}_${unit}_${id}.${ext}`;

  it("holds a quarter's filed return, mileage summary, receipts list and byte-identical receipt files", async () => {
    const res = await packet({ period: 'Q3-2026' }).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('audit-packet-Q3-2026.zip');
    const entries = await unzip(res.body as Buffer);
    const names = [...entries.keys()];
    expect(Number(res.headers['x-audit-packet-entries'])).toBe(names.length);
    const png = `Q3-2026/${attachmentName('2026-07-01', 'T1', purchases.complete, 'png')}`;
    const jpg = `Q3-2026/${attachmentName('2026-07-02', 'T1', purchases.incomplete, 'jpg')}`;
    const pdf = `Q3-2026/${attachmentName('2026-08-10', 'V2', purchases.gasoline, 'pdf')}`;
    const returns = names.filter((n) => n.startsWith('Q3-2026/returns/'));
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatch(/_filed\.pdf$/);
    expect(names.sort()).toEqual(
      [
        'README.txt',
        returns[0],
        'Q3-2026/ivmr-summary.pdf',
        'Q3-2026/ivmr-summary.csv',
        'Q3-2026/receipts.csv',
        png,
        jpg,
        pdf,
      ].sort(),
    );
    expect(isPdf(entries.get(returns[0]))).toBe(true);
    expect(isPdf(entries.get('Q3-2026/ivmr-summary.pdf'))).toBe(true);
    expect(entries.get(png)!.equals(PNG)).toBe(true);
    expect(entries.get(jpg)!.equals(JPEG)).toBe(true);
    expect(entries.get(pdf)!.equals(PDF)).toBe(true);

    // T1: 650 miles (600 taxable) on 100.25 gallons = 6.48 MPG, 2 trips (TR-1 in TX and OK; the toll segment in OK).
    // V2: 300.25 miles on 32.5 gallons = 9.24 MPG, fuel in IN where it drove none.
    expect(csvOf(entries.get('Q3-2026/ivmr-summary.csv'))).toEqual([
      ['Unit', 'VIN', 'Fuel type', 'Jurisdiction', 'Trips', 'Miles', 'Taxable miles', 'Gallons', 'MPG'],
      ['T1', '1XKAD49X0CJ123456', 'diesel', 'OK', '2', '237.5', '187.5', '40', ''],
      ['T1', '1XKAD49X0CJ123456', 'diesel', 'TX', '1', '412.5', '412.5', '60.25', ''],
      ['T1', '1XKAD49X0CJ123456', 'diesel', 'Total', '2', '650', '600', '100.25', '6.48'],
      ['V2', '', 'gasoline', 'IN', '0', '0', '0', '12', ''],
      ['V2', '', 'gasoline', 'KY', '1', '300.25', '300.25', '20.5', ''],
      ['V2', '', 'gasoline', 'Total', '1', '300.25', '300.25', '32.5', '9.24'],
    ]);

    const receipts = csvOf(entries.get('Q3-2026/receipts.csv'));
    expect(receipts[0]).toEqual([
      'Purchase ID',
      'Date',
      'Unit',
      'Jurisdiction',
      'Quantity',
      'Quantity unit',
      'Gallons',
      'Fuel type',
      'Tax paid',
      'Vendor',
      'Receipt number',
      'Vendor address',
      'Total price',
      'Receipt complete',
      'Creditable as tax-paid',
      'Attachment file',
    ]);
    const byId = new Map(receipts.slice(1).map((row) => [row[0], row]));
    expect(receipts).toHaveLength(5);
    const figures = (id: string) => {
      const row = byId.get(id)!;
      return [row[1], row[2], row[3], Number(row[4]), row[5], Number(row[6]), row[7], ...row.slice(8, 10), row[10]];
    };
    expect(figures(purchases.complete)).toEqual([
      '2026-07-01',
      'T1',
      'TX',
      60.25,
      'gal',
      60.25,
      'diesel',
      'yes',
      'Pilot #12',
      'R-100',
    ]);
    expect(Number(byId.get(purchases.complete)![12])).toBe(210.88);
    expect(byId.get(purchases.complete)!.slice(13)).toEqual(['yes', 'yes', png.slice('Q3-2026/'.length)]);
    expect(byId.get(purchases.incomplete)!.slice(13)).toEqual(['no', 'no', jpg.slice('Q3-2026/'.length)]);
    expect(byId.get(purchases.gasoline)!.slice(13)).toEqual(['yes', 'yes', pdf.slice('Q3-2026/'.length)]);
    expect(byId.get(purchases.bare)!.slice(8, 9)).toEqual(['no']);
    expect(byId.get(purchases.bare)!.slice(13)).toEqual(['no', 'no', '']);
    // Nothing of the other company.
    expect(entries.get('Q3-2026/receipts.csv')!.toString()).not.toContain('OTHER-9');
    expect(entries.get('Q3-2026/ivmr-summary.csv')!.toString()).not.toContain('OTHER-9');
    expect(entries.get('README.txt')!.toString()).toContain('(filed)');
  });

  it('streams the ZIP without a length announced, as it is written', async () => {
    const res = await packet({ period: 'Q3-2026' }).expect(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('covers the four quarters of a year: missing returns said in the README, a draft marked', async () => {
    const res = await packet({ period: '2026' }).expect(200);
    const entries = await unzip(res.body as Buffer);
    expect(Number(res.headers['x-audit-packet-entries'])).toBe(entries.size);
    for (const q of ['Q1-2026', 'Q2-2026', 'Q3-2026', 'Q4-2026']) {
      for (const file of ['ivmr-summary.pdf', 'ivmr-summary.csv', 'receipts.csv']) {
        expect(entries.has(`${q}/${file}`)).toBe(true);
      }
      expect(isPdf(entries.get(`${q}/ivmr-summary.pdf`))).toBe(true);
    }
    const readme = entries.get('README.txt')!.toString();
    expect(readme).toMatch(/Q1-2026[^\n]*\r\n {2}Return: MISSING/);
    expect(readme).toMatch(/Q2-2026[^\n]*\r\n {2}Return: MISSING/);
    const q4 = [...entries.keys()].filter((n) => n.startsWith('Q4-2026/returns/'));
    expect(q4).toHaveLength(1);
    expect(q4[0]).toMatch(/_DRAFT\.pdf$/);
    expect(isPdf(entries.get(q4[0]))).toBe(true);
    expect(readme).toContain('DRAFT, not filed');
    expect(csvOf(entries.get('Q4-2026/ivmr-summary.csv')).slice(1)).toEqual([
      ['T1', '1XKAD49X0CJ123456', 'diesel', 'TX', '1', '100', '100', '16', ''],
      ['T1', '1XKAD49X0CJ123456', 'diesel', 'Total', '1', '100', '100', '16', '6.25'],
    ]);
    expect(csvOf(entries.get('Q1-2026/receipts.csv'))).toHaveLength(1);
    expect(
      entries
        .get('Q3-2026/receipts.csv')!
        .equals(
          (await unzip((await packet({ period: 'Q3-2026' }).expect(200)).body as Buffer)).get('Q3-2026/receipts.csv')!,
        ),
    ).toBe(true);
  });

  it("narrows the mileage and receipts to one unit; another company's unit is a 404", async () => {
    const entries = await unzip((await packet({ period: 'Q3-2026', unit: 'V2' }).expect(200)).body as Buffer);
    expect(csvOf(entries.get('Q3-2026/ivmr-summary.csv')).map((row) => row[0])).toEqual(['Unit', 'V2', 'V2', 'V2']);
    expect(
      csvOf(entries.get('Q3-2026/receipts.csv'))
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([purchases.gasoline, purchases.bare].sort());
    expect([...entries.keys()].filter((n) => n.includes('/receipts/'))).toHaveLength(1);
    const refused = await t.http
      .get('/api/protected/records/audit-packet')
      .query({ period: 'Q3-2026', unit: 'OTHER-9' })
      .set(a.auth)
      .expect(404);
    expect(refused.body.error).toBe('Unit not found');
    await t.http
      .get('/api/protected/records/audit-packet')
      .query({ period: 'Q3-2026', unit: 'T1' })
      .set(other.auth)
      .expect(404);
  });

  it('gives another company only its own records', async () => {
    const entries = await unzip((await packet({ period: 'Q3-2026' }, other).expect(200)).body as Buffer);
    const receipts = csvOf(entries.get('Q3-2026/receipts.csv'));
    expect(receipts.slice(1).map((row) => row[2])).toEqual(['OTHER-9']);
    expect(
      csvOf(entries.get('Q3-2026/ivmr-summary.csv'))
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['OTHER-9', 'OTHER-9']);
    expect([...entries.keys()].some((n) => n.includes('/returns/'))).toBe(false);
    for (const id of Object.values(purchases)) expect([...entries.keys()].join()).not.toContain(id);
  });

  it('refuses a bad period with a 400 naming the field', async () => {
    for (const period of ['Q5-2026', '3Q2026', '1999', '2026-07', '']) {
      const res = await t.http.get('/api/protected/records/audit-packet').query({ period }).set(a.auth).expect(400);
      expect(res.body.fields).toHaveProperty('period');
    }
    const missing = await t.http.get('/api/protected/records/audit-packet').set(a.auth).expect(400);
    expect(missing.body.fields).toHaveProperty('period');
  });

  it('says which receipt file storage has lost, in its place, and the announced count still holds', async () => {
    await t.app.get(DataSource).query('DELETE FROM stored_files WHERE key LIKE $1', [`%/${purchases.gasoline}`]);
    const res = await packet({ period: 'Q3-2026' }).expect(200);
    const entries = await unzip(res.body as Buffer);
    expect(Number(res.headers['x-audit-packet-entries'])).toBe(entries.size);
    const lost = `Q3-2026/${attachmentName('2026-08-10', 'V2', purchases.gasoline, 'pdf')}`;
    expect(entries.has(lost)).toBe(false);
    expect(entries.get(`${lost}.missing.txt`)!.toString()).toContain('not found in storage');
    expect(entries.get(`Q3-2026/${attachmentName('2026-07-01', 'T1', purchases.complete, 'png')}`)!.equals(PNG)).toBe(
      true,
    );
  });

  it('lets a viewer download it, and records the export in the audit trail', async () => {
    const res = await packet({ period: 'Q3-2026' }, viewer).expect(200);
    expect((await unzip(res.body as Buffer)).has('Q3-2026/receipts.csv')).toBe(true);
    const events = await t.http.get('/api/protected/audit-events').query({ entity: 'records' }).set(a.auth).expect(200);
    const exports = (events.body.data as Array<{ action: string; summary: string; actor_email: string | null }>).filter(
      (e) => e.action === 'export',
    );
    expect(exports.map((e) => e.summary)).toContain('Downloaded the audit packet of Q3-2026');
    expect(exports.some((e) => e.actor_email === viewer.user.email)).toBe(true);
  });
});
