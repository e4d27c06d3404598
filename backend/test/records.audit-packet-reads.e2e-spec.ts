import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { DataSource } from 'typeorm';
import yauzl from 'yauzl';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { RECEIPTS_CSV_HEADER, RECEIPTS_PER_READ } from '../src/records/audit-packet/receipts-csv.js';
import { solidPng } from './helpers/png.js';
import { binaryParser } from './helpers/xlsx.js';

/** One entry of a ZIP, inflated. */
function entryOf(zip: Buffer, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      file.on('error', reject);
      file.on('end', () => reject(new Error(`${name} is not in the packet`)));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      });
      file.readEntry();
    });
  });
}

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}
const nodeTypes = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];

/**
 * The packet reads a quarter's receipts a few hundred at a time, each read resuming after the last (date, id) it
 * gave. A fleet's quarter is tens of thousands of purchases, so each read must be a short walk of the
 * (user_id, date, id) index, not a sort of what is left of the quarter: the reads are checked with PostgreSQL's own
 * plan, sorting and sequential scans switched off so that only a plan that needs a sort shows one.
 */
const PURCHASES = 2 * RECEIPTS_PER_READ + 1;

describe('records audit packet: receipts read in keyset batches', () => {
  let t: TestApp;
  let a: TestAccount;
  let db: DataSource;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    db = t.app.get(DataSource);
    // Two reads' worth and one more over three days (a third share each day, so the id breaks the ties) and one in
    // the next quarter: the last read is short.
    const rows: Array<{ id: string }> = await db.query(
      `INSERT INTO fuel_purchases (user_id, date, unit, jurisdiction, quantity, quantity_unit, gallons, fuel_type,
                                   tax_paid, vendor, receipt_number, vendor_address, total_price)
       SELECT $1, date '2026-07-01' + (g % 3), 'T' || (g % 7), 'TX', 10 + g, 'gal', 10 + g, 'diesel', true,
              'Pilot', 'R-' || g, '1 Main St, Dallas TX', 38.90
         FROM generate_series(1, $2::int) g
       RETURNING id`,
      [a.user.id, PURCHASES],
    );
    ids.push(...rows.map((r) => r.id));
    await db.query(
      `INSERT INTO fuel_purchases (user_id, date, unit, jurisdiction, quantity, quantity_unit, gallons, fuel_type,
                                   tax_paid, vendor)
       VALUES ($1, '2026-10-01', 'T1', 'TX', 5, 'gal', 5, 'diesel', true, 'Pilot')`,
      [a.user.id],
    );
  });

  afterAll(async () => {
    await t.close();
  });

  /** A quarter's packet, as bytes. */
  const packet = (who: TestAccount, period: string) =>
    t.http
      .get('/api/protected/records/audit-packet')
      .query({ period })
      .set(who.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);

  it('lists every purchase of the quarter once, in date then id order, across several reads', async () => {
    const res = await packet(a, 'Q3-2026');
    const [header, ...lines] = parse(
      (await entryOf(res.body as Buffer, 'Q3-2026/receipts.csv')).toString('utf8'),
    ) as string[][];
    expect(header[0]).toBe('Purchase ID');
    expect(lines).toHaveLength(PURCHASES);
    const stored: Array<{ id: string }> = await db.query(
      `SELECT id FROM fuel_purchases WHERE id = ANY($1::uuid[]) ORDER BY date, id`,
      [ids],
    );
    expect(lines.map((line) => line[0])).toEqual(stored.map((row) => row.id));
  });

  it('writes every value as csv-stringify would, quotes, line breaks and formula characters included', async () => {
    const hostile = await registerAccount(t.http);
    // Vendor, receipt number and address are never NULL (empty when unknown); a total price may be.
    const values: Array<[string, string, string, string, string | null]> = [
      // unit, vendor, receipt number, vendor address, total price
      ['T1', 'Pilot, "Flying J"', '"R-1"', '1 Main St\nDallas TX', '38.90'],
      ['=SUM(A1)', '+1 Fuel', '-5', '@cmd', null],
      ['\tT2', '', '', '\r\nCRLF, inside', '0.00'],
      ['Café ☕', '\uFF1DHYPERLINK("x")', 'plain', 'a"b', '12.5'],
      ['T3', ' ', 'R,2', '', '7'],
    ];
    for (const [i, [unit, vendor, receipt, address, total]] of values.entries()) {
      await db.query(
        `INSERT INTO fuel_purchases (user_id, date, unit, jurisdiction, quantity, quantity_unit, gallons, fuel_type,
                                     tax_paid, vendor, receipt_number, vendor_address, total_price)
         VALUES ($1, date '2026-04-01' + $2::int, $3, 'TX', 10.125, 'gal', 10.125, 'diesel', $4, $5, $6, $7, $8)`,
        [hostile.user.id, i, unit, i % 2 === 0, vendor, receipt, address, total],
      );
    }
    // A receipt file on the unit a path cannot hold as it is: the list names it as the ZIP does.
    const [cafe]: Array<{ id: string }> = await db.query(
      `SELECT id FROM fuel_purchases WHERE user_id = $1 AND unit = 'Café ☕'`,
      [hostile.user.id],
    );
    await t.http
      .post(`/api/protected/fuel-purchases/${cafe.id}/attachment`)
      .set(hostile.auth)
      .attach('file', solidPng(), 'receipt.png')
      .expect(201);
    const res = await packet(hostile, 'Q2-2026');
    const stored: Array<Record<string, string | boolean | null>> = await db.query(
      `SELECT id::text, to_char(date, 'YYYY-MM-DD') AS date, unit, jurisdiction, quantity::text, quantity_unit,
              gallons::text, fuel_type, tax_paid, vendor, receipt_number, vendor_address, total_price::text,
              coalesce(btrim(vendor) <> '' AND btrim(vendor_address) <> '' AND total_price IS NOT NULL, false) AS complete
         FROM fuel_purchases WHERE user_id = $1 ORDER BY date, id`,
      [hostile.user.id],
    );
    const yesNo = (value: unknown) => (value ? 'yes' : 'no');
    const cafeRow = stored.find((r) => r.id === cafe.id)!;
    // The path's rule, as a reader would write it: date, the unit's letters, digits and _ . - (other runs one _), id.
    const cafePath = `receipts/${String(cafeRow.date)}_${String(cafeRow.unit)
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 50)}_${cafe.id}.png`;
    const expected = stringify(
      [
        [...RECEIPTS_CSV_HEADER],
        ...stored.map((r) => [
          r.id,
          r.date,
          r.unit,
          r.jurisdiction,
          r.quantity,
          r.quantity_unit,
          r.gallons,
          r.fuel_type,
          yesNo(r.tax_paid),
          r.vendor ?? '',
          r.receipt_number ?? '',
          r.vendor_address ?? '',
          r.total_price ?? '',
          yesNo(r.complete),
          yesNo(r.tax_paid && r.complete),
          r.id === cafe.id ? cafePath : '',
        ]),
      ],
      { escape_formulas: true },
    );
    const written = (await entryOf(res.body as Buffer, 'Q2-2026/receipts.csv')).toString('utf8');
    expect(cafePath).toBe(`receipts/2026-04-04_Caf__${cafe.id}.png`);
    expect((await entryOf(res.body as Buffer, `Q2-2026/${cafePath}`)).equals(solidPng())).toBe(true);
    expect(written).toBe(expected);
    // And it reads back to the stored values, behind the quote a spreadsheet needs.
    const cells = (parse(written) as string[][]).slice(1);
    expect(cells.map((line) => line[2])).toEqual(['T1', "'=SUM(A1)", "'\tT2", 'Café ☕', 'T3']);
    expect(cells[0][9]).toBe('Pilot, "Flying J"');
    expect(cells[0][11]).toBe('1 Main St\nDallas TX');
  });

  it('reads each batch, and the records-health lists, by walking the index in order, never sorting', async () => {
    const issued: Array<{ sql: string; params: unknown[] }> = [];
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      const listed = /to_char\(date, 'YYYY-MM-DD'\) AS date/.test(sql) && /ORDER BY/.test(sql);
      if (listed || /LIMIT \$7/.test(sql)) {
        issued.push({ sql, params: params ?? [] });
      }
      return query(sql, params);
    }) as DataSource['query'];
    try {
      await packet(a, 'Q3-2026');
      await t.http.get('/api/protected/records/health').query({ period: 'Q3-2026' }).set(a.auth).expect(200);
    } finally {
      db.query = query;
    }
    // The receipts list's reads (a first and later ones), the attachments' read, the health page's two lists.
    const keysetReads = issued.filter((q) => /LIMIT \$7/.test(q.sql));
    expect(keysetReads.length).toBeGreaterThanOrEqual(4);
    expect(issued.length).toBeGreaterThanOrEqual(keysetReads.length + 2);
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_sort = off');
      await runner.query('SET LOCAL enable_seqscan = off');
      await runner.query('SET LOCAL enable_bitmapscan = off');
      for (const { sql, params } of issued) {
        const [{ 'QUERY PLAN': plan }] = (await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as Array<{
          'QUERY PLAN': Array<{ Plan: PlanNode }>;
        }>;
        const sorts = nodeTypes(plan[0].Plan).filter((type) => type.endsWith('Sort'));
        expect({ sql, sorts }).toEqual({ sql, sorts: [] });
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
