import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { workbookBuffer } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * Real vendor exports (test/fixtures/vendor-exports, each source named in its README) through the records import,
 * every stored record compared with the file as this suite reads it: csv-parse for the cells, decimal.js for the
 * sums and IFTA's factors, none of the import's own code. Where no real file exists, the test says what its file is.
 */
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'vendor-exports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
/** A CSV as rows of named cells; the header row named as the file writes it. */
const table = (text: string) =>
  parse(text, { bom: true, columns: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as Array<
    Record<string, string>
  >;
const KM = new Decimal('0.621371');
const L = new Decimal('0.264172');
/** Three decimals, half away from zero: how a stored quantity is written (numeric(…, 3)). */
const q = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toNumber();
const money = (text: string) => new Decimal(text.replace(/[$\s]/g, ''));
/** MM/DD/YYYY or M/D/YY (this century) as YYYY-MM-DD. */
const usDate = (text: string) => {
  const [m, d, y] = text.trim().split('/');
  return `${y.length === 2 ? `20${y}` : y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
};

type Stored = Record<string, unknown>;

describe('real vendor exports imported exactly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const account = () => registerAccount(t.http);
  const send = (a: TestAccount, path: string, file: Buffer, name: string, fields: Record<string, string> = {}) => {
    const req = t.http.post(path).set(a.auth);
    for (const [field, value] of Object.entries(fields)) req.field(field, value);
    return req.attach('file', file, name);
  };
  const FUEL = '/api/protected/fuel-purchases';
  const TRIPS = '/api/protected/trips';
  /** Every stored record of the account, all pages. */
  const everything = async (a: TestAccount, path: string) => {
    const all: Stored[] = [];
    for (let page = 1; ; page++) {
      const res = await t.http.get(path).query({ page, limit: 100 }).set(a.auth).expect(200);
      all.push(...(res.body.data as Stored[]));
      if (page >= res.body.pagination.totalPages) return all;
    }
  };
  const fuelKey = (r: Stored) =>
    [r.date, r.unit, r.jurisdiction, Number(r.gallons), r.quantity_unit, r.fuel_type, r.receipt_number].join('|');

  describe('Comdata transactions (two real rows, 160 columns)', () => {
    const verbatim = fixture('comdata-transactions.csv');
    // The one change: the published rows write the driver's name "COX, TYRONE LEE" without the quotes CSV needs
    // around a comma, which moves every later column by one. Quoted here, as a CSV writer quotes it.
    const quoted = verbatim.replace('GARADO,RIDWAN', '"GARADO,RIDWAN"').replace('COX,TYRONE LEE', '"COX,TYRONE LEE"');

    it("imports the #2 diesel as diesel and lists the other fuel left out, the file's own columns agreeing", async () => {
      const a = await account();
      const rows = table(quoted);
      expect(rows).toHaveLength(2);
      const preview = await send(a, `${FUEL}/import/preview`, Buffer.from(quoted), 'comdata.csv').expect(200);
      expect(preview.body.preset).toMatchObject({ id: 'comdata-transactions', confirmed: true });
      expect(preview.body.problem_total).toBe(0);
      // Every row with other fuel says so: its gallons, the column, the reason.
      const otherFuel = rows
        .map((row, i) => ({ row: i + 2, value: row['Other Fuel Gallons'].trim() }))
        .filter(({ value }) => !new Decimal(value || 0).isZero());
      expect(otherFuel).toEqual([{ row: 3, value: '8.24' }]);
      expect(preview.body.warnings).toEqual(
        otherFuel.map(({ row, value }) => ({
          row,
          field: 'Other Fuel Gallons',
          reason: 'other_fuel',
          value,
          message: `row ${row}: ${value} of "Other Fuel Gallons" left out: other fuel, not the vehicle's fuel`,
        })),
      );
      const applied = await send(a, `${FUEL}/import`, Buffer.from(quoted), 'comdata.csv').expect(200);
      expect(applied.body).toMatchObject({ imported: 2, skipped_rows: 1, skipped_counts: { other_fuel: 1 } });
      const expected = rows.map((row) => {
        // The tractor's gallons less its other fuel; the file's own #2 and #1 diesel columns must say the same.
        const diesel = new Decimal(row['Number of Tractor Gallons']).minus(row['Other Fuel Gallons'] || 0);
        expect(diesel.equals(new Decimal(row['#2 Diesel Gallons'].trim()).plus(row['Number 1 Fuel Gallons']))).toBe(
          true,
        );
        return {
          date: usDate(row['Transaction Date']),
          unit: row['Unit Number'],
          jurisdiction: row['Truck Stop State'],
          gallons: q(diesel),
          fuel_type: 'diesel',
          receipt_number: row['Truck Stop Invoice Number'],
          vendor: row['Truck Stop Name'],
          // The fuel's cost without the other fuel's: the file's own "#2 Diesel Cost".
          total_price: money(row['Cost of Tractor Fuel'])
            .minus(money(row['Other Fuel Cost'] || '0'))
            .toFixed(2),
        };
      });
      expect(expected.map((e) => e.total_price)).toEqual(rows.map((row) => money(row['#2 Diesel Cost']).toFixed(2)));
      const stored = (await everything(a, FUEL)).map((r) => ({
        date: r.date,
        unit: r.unit,
        jurisdiction: r.jurisdiction,
        gallons: Number(r.gallons),
        fuel_type: r.fuel_type,
        receipt_number: r.receipt_number,
        vendor: r.vendor,
        total_price: Number(r.total_price).toFixed(2),
      }));
      const byReceipt = (x: { receipt_number: unknown }, y: { receipt_number: unknown }) =>
        String(x.receipt_number).localeCompare(String(y.receipt_number));
      expect(stored.sort(byReceipt)).toEqual(expected.sort(byReceipt));
      // 214.53 tractor gallons, 8.24 of them other fuel: 206.29 of diesel, never 214.53.
      expect(stored.find((r) => r.receipt_number === '45766')?.gallons).toBe(206.29);
    });

    it('refuses the verbatim rows, whose unquoted comma shifts the columns, rather than importing them shifted', async () => {
      const a = await account();
      const res = await send(a, `${FUEL}/import/preview`, Buffer.from(verbatim), 'comdata.csv').expect(200);
      expect(res.body.rows).toEqual([]);
      // The state column reads the city one column to its left.
      expect(res.body.problems).toEqual(
        expect.arrayContaining([expect.objectContaining({ row: 2, field: 'jurisdiction', value: 'ETNA' })]),
      );
      await send(a, `${FUEL}/import`, Buffer.from(verbatim), 'comdata.csv').expect(400);
      expect(await everything(a, FUEL)).toEqual([]);
    });

    it('shows, rather than applies silently, a remembered mapping that differs from the recognised layout', async () => {
      const a = await account();
      const mapping = {
        date: 'Transaction Date',
        unit: 'Comchek Card Number',
        jurisdiction: 'Truck Stop State',
        gallons: 'Number of Tractor Gallons',
      };
      await send(a, `${FUEL}/import`, Buffer.from(quoted), 'comdata.csv', { mapping: JSON.stringify(mapping) }).expect(
        200,
      );
      const again = await send(a, `${FUEL}/import/preview`, Buffer.from(quoted), 'comdata.csv').expect(200);
      expect(again.body.mapping_source).toBe('remembered');
      expect(again.body.mapping).toEqual(mapping);
      expect(again.body.preset_mapping).toMatchObject({ unit: 'Unit Number' });
      const fresh = await account();
      const first = await send(fresh, `${FUEL}/import/preview`, Buffer.from(quoted), 'comdata.csv').expect(200);
      expect(first.body.mapping_source).toBe('preset');
      expect(first.body.mapping).toEqual(first.body.preset_mapping);
    });
  });

  describe('EFS Transaction Report (three real rows)', () => {
    const text = fixture('efs-transaction-report.csv');

    it('imports the ULSD lines, lists the DEF line left out, and takes the unit given for rows without one', async () => {
      const a = await account();
      const rows = table(text);
      // The real rows leave the unit empty (the card prompts for none): without a unit given, each is a problem.
      const without = await send(a, `${FUEL}/import/preview`, Buffer.from(text), 'efs.csv').expect(200);
      expect(without.body.preset).toMatchObject({ id: 'efs-transaction-report', confirmed: true });
      expect(without.body.problem_counts).toEqual({ unit: 2 });
      const fields = { default_unit: 'T-0541' };
      const preview = await send(a, `${FUEL}/import/preview`, Buffer.from(text), 'efs.csv', fields).expect(200);
      expect(preview.body.problem_total).toBe(0);
      const def = rows.map((row, i) => ({ row: i + 2, item: row.Item })).filter(({ item }) => item === 'DEFD');
      expect(preview.body.warnings).toEqual(
        def.map(({ row, item }) => ({
          row,
          field: 'fuel_type',
          reason: 'def',
          value: item,
          message: `row ${row}: skipped: "${item}" is DEF, not a motor fuel`,
        })),
      );
      await send(a, `${FUEL}/import`, Buffer.from(text), 'efs.csv', fields).expect(200);
      // The import's own report, in the account's audit log, keeps what it left out and why.
      const events = (await t.http.get('/api/protected/audit-events?limit=100').set(a.auth).expect(200)).body
        .data as Array<{ action: string; entity: string; changes: Record<string, { after: unknown }> | null }>;
      const report = events.find((event) => event.action === 'import' && event.entity === 'records');
      expect(report?.changes).toMatchObject({
        imported: { after: 2 },
        skipped_rows: { after: def.length },
        skipped_by_reason: { after: { def: def.length } },
        skipped_listed: {
          after: def.map(({ row, item }) => ({ row, field: 'fuel_type', reason: 'def', value: item })),
        },
      });
      const expected = rows
        .filter((row) => row.Item === 'ULSD')
        .map((row) =>
          [row['Tran Date'], 'T-0541', row['State/ Prov'], q(row.Qty), 'gal', 'diesel', row.Invoice].join('|'),
        );
      expect((await everything(a, FUEL)).map(fuelKey).sort()).toEqual(expected.sort());
    });

    it('recognises the header however its slash is spaced (State/Prov, State / Prov)', async () => {
      for (const spelling of ['State/Prov', 'State / Prov', 'STATE/PROV']) {
        const a = await account();
        const respelled = text.replace('State/ Prov', spelling);
        const res = await send(a, `${FUEL}/import/preview`, Buffer.from(respelled), 'efs.csv', {
          default_unit: 'T-1',
        }).expect(200);
        expect(res.body.preset).toMatchObject({ id: 'efs-transaction-report' });
        expect(res.body.mapping.jurisdiction).toBe(spelling);
        expect(res.body.rows.map((r: Stored) => r.jurisdiction)).toEqual(['AZ', 'TX']);
      }
    });
  });

  describe("an ELD's mileage by state without dates (a real export: State, Country, Unit, Distance)", () => {
    const text = fixture('eld-state-mileage.csv');

    it('reads "214 mi" as 214 miles, dated the quarter the person gives, even for an account in kilometres', async () => {
      const a = await account();
      await t.http.put('/api/protected/user/settings').set(a.auth).send({ distance_unit: 'km_litres' }).expect(200);
      const res = await send(a, `${TRIPS}/import/preview`, Buffer.from(text), 'mileage.csv').expect(200);
      expect(res.body.problems).toEqual([
        { row: 1, field: 'date', message: 'choose the column that holds date, or give one date for every row' },
      ]);
      const refused = await send(a, `${TRIPS}/import`, Buffer.from(text), 'mileage.csv').expect(400);
      expect(refused.body.fields).toEqual({
        'rows.1.date': 'choose the column that holds date, or give one date for every row',
      });
      await send(a, `${TRIPS}/import`, Buffer.from(text), 'mileage.csv', { default_date: 'Q1-2025' }).expect(200);
      const expected = table(text).map((row) => {
        const [number, unit] = row.Distance.split(' ');
        expect(unit).toBe('mi');
        return ['2025-01-01', row.Unit, row.State, q(number), true].join('|');
      });
      const stored = (await everything(a, TRIPS)).map((r) =>
        [r.date, r.unit, r.jurisdiction, Number(r.miles), r.taxable].join('|'),
      );
      expect(stored.sort()).toEqual(expected.sort());
    });

    it('reads "345 km" as kilometres converted to miles with IFTA\'s factor, exactly', async () => {
      const a = await account();
      // The one change: a row written in kilometres, as a metric vehicle's export writes it.
      const changed = text.replace('CA,USA,1104,1033 mi', 'ON,CAN,1104,345 km');
      await send(a, `${TRIPS}/import`, Buffer.from(changed), 'mileage.csv', { default_date: '2025-02-01' }).expect(200);
      const stored = await everything(a, TRIPS);
      expect(Number(stored.find((r) => r.jurisdiction === 'ON')?.miles)).toBe(q(KM.times(345)));
      expect(q(KM.times(345))).toBe(214.373);
    });

    it('answers a clear 400 naming the field for a date that is no date or quarter', async () => {
      const a = await account();
      for (const bad of ['Q5-2025', '2025-02-30', 'soon']) {
        const res = await send(a, `${TRIPS}/import/preview`, Buffer.from(text), 'mileage.csv', {
          default_date: bad,
        }).expect(400);
        expect(res.body.fields).toEqual({
          default_date: 'default_date must be a date such as 2026-04-01 or a quarter such as Q2-2026',
        });
      }
    });
  });

  describe('litres told by the file: a currency column, a header', () => {
    // Not a vendor's layout: a plain file of the kind a bookkeeper keeps, with the columns this test is about.
    it('reads a CAD row of an unnamed quantity as litres, a USD row as gallons', async () => {
      const a = await account();
      const text = [
        'Date,Unit,Province,Qty,Currency,Product',
        '2026-04-02,T1,ON,400,CAD,Diesel',
        '2026-04-03,T1,NY,100,USD,Diesel',
      ].join('\n');
      await send(a, `${FUEL}/import`, Buffer.from(text), 'fuel.csv').expect(200);
      const stored = await everything(a, FUEL);
      expect(
        stored.map((r) => [r.jurisdiction, Number(r.quantity), r.quantity_unit, Number(r.gallons)]).sort(),
      ).toEqual([
        ['NY', 100, 'gal', 100],
        ['ON', 400, 'l', q(L.times(400))],
      ]);
      // 400 L, never 400 US gallons.
      expect(q(L.times(400))).toBe(105.669);
    });

    it('reads a "Liters" column as litres, and a unit-of-measure column row by row', async () => {
      const a = await account();
      const litres = ['Date,Truck,State,Liters', '2026-04-04,T2,BC,250'].join('\n');
      await send(a, `${FUEL}/import`, Buffer.from(litres), 'fuel.csv').expect(200);
      const measured = ['Date,Truck,State,Quantity,UOM', '2026-04-05,T3,QC,120,LTR', '2026-04-05,T4,VT,80,GAL'].join(
        '\n',
      );
      await send(a, `${FUEL}/import`, Buffer.from(measured), 'fuel2.csv').expect(200);
      const stored = await everything(a, FUEL);
      expect(stored.map((r) => [r.unit, r.quantity_unit, Number(r.gallons)]).sort()).toEqual([
        ['T2', 'l', q(L.times(250))],
        ['T3', 'l', q(L.times(120))],
        ['T4', 'gal', 80],
      ]);
    });
  });

  describe("EROAD's Fuel Trip Record (the help page's columns; no real export was found)", () => {
    const header = [
      'Day of trip',
      'Jurisdiction',
      'State',
      'Fuel Type',
      'Entry Point Distance (mi)',
      'Exit Point Distance (mi)',
      'Highways Travelled',
      'Total Miles',
      'IFTA Taxable Miles',
      'IFTA Exempt Miles',
      'Fuel Fill (gal)',
    ];
    const rows = [
      ['2026-04-06', 'OR', 'OR', 'Diesel', '100200.4', '100612.9', 'I-5', '412.5', '400.5', '12', '0'],
      ['2026-04-06', 'WA', 'WA', 'Diesel', '100612.9', '100700.9', 'I-5', '88', '88', '0', '95.2'],
    ];
    const text = [header, ...rows].map((row) => row.join(',')).join('\n');

    it('keeps the exempt miles apart, not taxed, the unit the person gives', async () => {
      const a = await account();
      const preview = await send(a, `${TRIPS}/import/preview`, Buffer.from(text), 'ftr.csv').expect(200);
      expect(preview.body.preset).toMatchObject({ id: 'eroad-fuel-trip-record', confirmed: false });
      expect(preview.body.problem_counts).toEqual({ unit: 1 });
      await send(a, `${TRIPS}/import`, Buffer.from(text), 'ftr.csv', { default_unit: 'E-12' }).expect(200);
      const expected = rows.flatMap((row) => {
        const [day, place, , , entry, exit, , , taxable, exempt] = row;
        const trip = (miles: string, isTaxable: boolean, reason: string | null) =>
          [day, 'E-12', place, q(miles), isTaxable, reason, entry, exit].join('|');
        return [
          trip(taxable, true, null),
          ...(new Decimal(exempt).isZero() ? [] : [trip(exempt, false, 'ifta_exempt')]),
        ];
      });
      const stored = (await everything(a, TRIPS)).map((r) =>
        [
          r.date,
          r.unit,
          r.jurisdiction,
          Number(r.miles),
          r.taxable,
          r.non_taxable_reason,
          Number(r.odometer_start),
          Number(r.odometer_end),
        ].join('|'),
      );
      expect(stored.sort()).toEqual(expected.sort());
      // 412.5 total miles in Oregon, 12 of them exempt: 400.5 taxed, never 412.5.
      expect(stored.filter((r) => r.includes('|OR|') && r.includes('|true|'))).toHaveLength(1);
    });
  });

  describe('a 61-column WEX workbook', () => {
    // No real WEX .xlsx was found: the workbook is built here from the 61-column header of a third party's WEX
    // fixture (test/fixtures/vendor-exports/README.md) with its two rows, the dates as Excel date-time cells.
    const HEADER =
      'Transaction Date,Transaction Time,Post Date,Account Number,Account Name,Card Number,Trans ID,Emboss Line 2,Custom Vehicle/Asset ID,Units,Unit of Measure,Unit Cost,Total Fuel Cost,Service Cost,Other Cost,Total Non-Fuel Cost,Gross Cost,Exempt Tax,Discount,Net Cost,Reported Tax,Transaction Fee Type 1,Transaction Fee Amount 1,Transaction Fee Type 2,Transaction Fee Amount 2,Transaction Fee Type 3,Transaction Fee Amount 3,Transaction Fee Type 4,Transaction Fee Amount 4,Transaction Fee Type 5,Transaction Fee Amount 5,Product,Product Description,Transaction Description,Merchant (Brand),Merchant Name,Merchant Address,Merchant City,Merchant State / Province,Merchant Postal Code,Merchant Site ID,Current Odometer,Adjusted Odometer,Previous Odometer,Distance Driven,Fuel Economy,Cost Per Distance,Vehicle Description,VIN,Tank Capacity,In Service Date,Start Odometer,Driver Last Name,Driver First Name,Driver Middle Name,Driver Department,Employee ID,Transaction Ticket Number,Currency Exchange Rate,Rebate Code,Department';
    const ROWS = [
      '4/30/26,0:09:19,5/1/26,0460001739804,Surefox,****21915,1,,ISOC Gas,14.6,GA,6.49,95,0,0,0,95,0,0,95,0,,0,,0,,0,,0,,0,UNL,Unleaded Regular,OP,CHEVRON,Chevron 0090562,1265 Lawrence,Sunnyvale,CA,94089,0,18677,,18344,333,22.78,0.285,,,0,,0,GORDON,BOB,,ISOC,,16,,,ISOC',
      '4/29/26,16:55:35,5/1/26,0460001739804,Surefox,****82170,2,GREEN 24,G-24 / G1 Follow,12.9,GA,7.69,100,0,0,0,100,0,0,100,0,,0,,0,,0,,0,,0,UNL,Unleaded Regular,OP,CHEVRON,Chevron 0304564,3600 Alameda,Menlo Park,CA,94025,0,7004,,6892,112,8.62,0.893,G1 Follow,,28,,35506,Team,Hardware,,GREEN FLEET,,14,,,GREEN FLEET',
    ];

    it('reads the merchant state and units past column 24, and date-time cells as their day', async () => {
      const a = await account();
      const header = HEADER.split(',');
      expect(header).toHaveLength(61);
      expect(header.indexOf('Merchant State / Province')).toBeGreaterThan(24);
      const rows = table([HEADER, ...ROWS].join('\n'));
      const workbook = await workbookBuffer((book) => {
        const sheet = book.addWorksheet('Transactions');
        sheet.addRow(header);
        for (const row of rows) {
          const [h, m, s] = row['Transaction Time'].split(':').map(Number);
          // The day and time of the transaction in one cell, as Excel keeps a date-time.
          const when = new Date(`${usDate(row['Transaction Date'])}T00:00:00Z`);
          when.setUTCHours(h, m, s);
          sheet.addRow(
            header.map((column) => {
              if (column === 'Transaction Date') return when;
              if (['Units', 'Total Fuel Cost'].includes(column)) return Number(row[column]);
              return row[column] === '' ? null : row[column];
            }),
          );
        }
      });
      const preview = await send(a, `${FUEL}/import/preview`, workbook, 'wex.xlsx').expect(200);
      expect(preview.body).toMatchObject({ problem_total: 0, preset: { id: 'wex-transactions' } });
      await send(a, `${FUEL}/import`, workbook, 'wex.xlsx').expect(200);
      const expected = rows.map((row) =>
        [
          usDate(row['Transaction Date']),
          row['Custom Vehicle/Asset ID'],
          row['Merchant State / Province'],
          q(row.Units),
          'gal',
          'gasoline',
          row['Trans ID'],
        ].join('|'),
      );
      expect((await everything(a, FUEL)).map(fuelKey).sort()).toEqual(expected.sort());
    });
  });

  describe('a real card export with merchandise, tax, discount and odd lines (1,479 rows, WEX layout)', () => {
    const text = fixture('wex-transactions-redacted.csv');
    const rows = table(text);
    // The card's own unit is its "Card Number" (NY1, CT2…): the file has no vehicle column, so the person maps it.
    const mapping = {
      date: 'Transaction Date',
      unit: 'Card Number',
      jurisdiction: 'Merchant State / Province',
      gallons: 'Units',
      fuel_type: 'Product Description',
      receipt_number: 'Trans ID',
      total_price: 'Total Fuel Cost',
    };
    const NOT_FUEL: Record<string, string> = {
      'Salty Snacks': 'merchandise',
      'General Merchandise': 'merchandise',
      'Tax 1': 'tax',
      'Discount 1': 'discount',
    };
    const FUELS: Record<string, string> = {
      'Unleaded Regular': 'gasoline',
      'Unleaded Super': 'gasoline',
      'Unleaded Plus': 'gasoline',
      'Mid/Plus 2': 'gasoline',
      'Regular Diesel #2': 'diesel',
    };

    it('lists the non-fuel lines with reasons, asks about the rest, and imports every good row exactly', async () => {
      const a = await account();
      expect(rows).toHaveLength(1479);
      const numbered = rows.map((row, i) => ({ row, at: i + 2 }));
      const product = (name: string) => numbered.filter(({ row }) => row['Product Description'] === name);
      const oddUnit = numbered.filter(
        ({ row }) => row['Unit of Measure'] !== 'GA' && !(row['Product Description'] in NOT_FUEL),
      );
      expect(oddUnit.map(({ row }) => row['Unit of Measure'])).toEqual(['CI']);
      // A fuel line whose total the card company wrote as "DQ": its gallons are good, its total no number.
      const noPrice = numbered.filter(({ row }) => row['Total Fuel Cost'] === 'DQ');
      expect(noPrice).toHaveLength(1);

      const preview = await send(a, `${FUEL}/import/preview`, Buffer.from(text), 'charges.csv', {
        mapping: JSON.stringify(mapping),
      }).expect(200);
      // Non-fuel lines left out with their reason, each listed.
      const skipped = numbered
        .filter(({ row }) => row['Product Description'] in NOT_FUEL)
        .map(({ row, at }) => ({ row: at, reason: NOT_FUEL[row['Product Description']] }));
      expect(skipped).toHaveLength(4);
      expect(preview.body.warnings.map((w: Stored) => ({ row: w.row, reason: w.reason }))).toEqual(skipped);
      expect(preview.body.warning_counts).toEqual({ merchandise: 2, tax: 1, discount: 1 });
      // A product and a unit the import does not know: asked, once each, with their rows counted.
      expect(preview.body.unresolved).toEqual([
        {
          kind: 'product',
          value: 'Future Defined',
          rows: product('Future Defined').length,
          first_row: product('Future Defined')[0].at,
        },
        { kind: 'unit', value: 'CI', rows: 1, first_row: oddUnit[0].at },
        { kind: 'price', value: 'DQ', rows: 1, first_row: noPrice[0].at },
      ]);
      // Until they are resolved, nothing is imported.
      const refused = await send(a, `${FUEL}/import`, Buffer.from(text), 'charges.csv', {
        mapping: JSON.stringify(mapping),
      }).expect(400);
      expect(refused.body.unresolved).toHaveLength(3);
      expect(await everything(a, FUEL)).toEqual([]);

      const resolutions = JSON.stringify({
        products: { 'Future Defined': 'skip' },
        units: { CI: 'skip' },
        prices: { DQ: 'none' },
      });
      const resolved = await send(a, `${FUEL}/import/preview`, Buffer.from(text), 'charges.csv', {
        mapping: JSON.stringify(mapping),
        resolutions,
      }).expect(200);
      expect(resolved.body).toMatchObject({ problem_total: 0, unresolved: [] });
      expect(resolved.body.warning_counts).toEqual({
        merchandise: 2,
        tax: 1,
        discount: 1,
        skipped_by_choice: product('Future Defined').length + 1,
      });
      const applied = await send(a, `${FUEL}/import`, Buffer.from(text), 'charges.csv', {
        mapping: JSON.stringify(mapping),
        resolutions,
        duplicates: 'add',
      }).expect(200);
      const good = rows.filter((row) => row['Product Description'] in FUELS && row['Unit of Measure'] === 'GA');
      expect(good.length + 4 + product('Future Defined').length + 1).toBe(1479);
      expect(applied.body).toMatchObject({ imported: good.length, skipped_rows: 1479 - good.length });
      const expected = good.map((row) =>
        [
          row['Transaction Date'],
          row['Card Number'],
          row['Merchant State / Province'],
          q(row.Units),
          'gal',
          FUELS[row['Product Description']],
          row['Trans ID'],
        ].join('|'),
      );
      const stored = await everything(a, FUEL);
      expect(stored.map(fuelKey).sort()).toEqual(expected.sort());
      // Each receipt's total as the file writes it; the "DQ" one kept without a total, as chosen.
      const totals = (list: Array<[unknown, unknown]>) =>
        list.map(([id, total]) => `${String(id)}|${total === null ? 'none' : new Decimal(String(total)).toFixed(2)}`);
      expect(totals(stored.map((r) => [r.receipt_number, r.total_price])).sort()).toEqual(
        totals(
          good.map((row) => [row['Trans ID'], row['Total Fuel Cost'] === 'DQ' ? null : row['Total Fuel Cost']]),
        ).sort(),
      );
    });

    it('maps an unknown product to the fuel the person chooses', async () => {
      const a = await account();
      const resolutions = JSON.stringify({
        products: { 'future defined': 'gasoline' },
        units: { CI: 'gal' },
        prices: { dq: 'skip' },
      });
      const res = await send(a, `${FUEL}/import/preview`, Buffer.from(text), 'charges.csv', {
        mapping: JSON.stringify(mapping),
        resolutions,
      }).expect(200);
      expect(res.body).toMatchObject({ problem_total: 0, unresolved: [] });
      expect(res.body.warning_counts).toEqual({ merchandise: 2, tax: 1, discount: 1, skipped_by_choice: 1 });
    });

    it('answers a clear 400 naming resolutions for a choice that is no fuel, unit or skip', async () => {
      const a = await account();
      for (const resolutions of ['{', '[]', '{"products":{"Future Defined":"kerosene"}}', '{"units":{"CI":"mi"}}']) {
        const res = await send(a, `${FUEL}/import/preview`, Buffer.from(text), 'charges.csv', {
          mapping: JSON.stringify(mapping),
          resolutions,
        }).expect(400);
        expect(Object.keys(res.body.fields)).toEqual(['resolutions']);
      }
    });
  });
});
