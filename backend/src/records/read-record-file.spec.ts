import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { LISTED_PROBLEMS, problemsCsv, readDate, readRecordFile, readRecordFileJob } from './read-record-file.js';

const HEADER = 'Date,Unit,State,Miles';
const job = (csv: string, problemsCsvToo = false) =>
  readRecordFileJob({ kind: 'trips', bytes: Buffer.from(csv), maxUnpackedBytes: 1024, problemsCsv: problemsCsvToo });

describe('reading a records file', () => {
  it.each([
    ['2026-04-01', '2026-04-01'],
    ['2026-4-1', '2026-04-01'],
    ['2026/04/01', '2026-04-01'],
    ['04/01/2026', '2026-04-01'],
    ['4/1/2026', '2026-04-01'],
    ['02/29/2024', '2024-02-29'],
    // Two-digit years are of this century; a time of day after the date is dropped.
    ['4/30/26', '2026-04-30'],
    ['04/01/2025 02:24', '2025-04-01'],
    ['2026-06-29 07:37:00', '2026-06-29'],
    ['4/30/26 4:15 PM', '2026-04-30'],
  ])('reads the date %s as %s', (raw, date) => {
    const read = readRecordFile('trips', `${HEADER}\n${raw},T1,TX,10`);
    expect(read.problems).toEqual([]);
    expect(read.records[0].date).toBe(date);
  });

  it.each(['2026-13-01', '2026-02-29', '2026-02-30', '1999-12-31', '2100-01-01', '2026-4/01', '13/01/2026'])(
    'refuses %s as a date',
    (raw) => {
      expect(readRecordFile('trips', `${HEADER}\n${raw},T1,TX,10`).problems).toEqual([
        { row: 2, field: 'date', message: `row 2: date "${raw}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`, value: raw },
      ]);
    },
  );

  it('answers the first problems with counts per field and the total, and every one as CSV when asked', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => (i % 5 === 0 ? '2026-04-01,T1,ZZ,10' : '2026-13-01,T1,TX,10'));
    const csv = [HEADER, ...rows].join('\n');
    const read = await job(csv);
    expect(read.problems).toHaveLength(LISTED_PROBLEMS);
    expect(read.problemCounts).toEqual({ date: 200, jurisdiction: 50 });
    expect(read.problemTotal).toBe(250);
    expect(read.problemsCsv).toBeUndefined();
    const withCsv = await job(csv, true);
    const listed = parse(Buffer.from(withCsv.problemsCsv!).toString('utf8'), { bom: true, columns: true });
    expect(listed).toHaveLength(250);
  });

  it('writes a problem value that starts like a formula as text in the CSV', () => {
    const text = Buffer.from(
      problemsCsv([
        { row: 2, field: 'jurisdiction', value: '=HYPERLINK("x")', message: 'row 2: "=HYPERLINK("x")" is no place' },
        { row: 3, field: 'miles', value: '-5', message: 'row 3: miles must not be negative' },
      ]),
    ).toString('utf8');
    expect(parse(text, { bom: true })).toEqual([
      ['row', 'field', 'value', 'message'],
      ['2', 'jurisdiction', `'=HYPERLINK("x")`, 'row 2: "=HYPERLINK("x")" is no place'],
      ['3', 'miles', `'-5`, 'row 3: miles must not be negative'],
    ]);
  });
});

describe("a records file whose headers name no unit is read in the account's unit", () => {
  it('reads a Distance or Quantity column in miles and gallons, or in kilometres and litres for such an account', async () => {
    const trips = 'Date,Unit,State,Distance\n2026-04-01,T1,TX,1609.344';
    expect(readRecordFile('trips', trips).records[0]).toMatchObject({ miles: '1609.344' });
    const metricTrips = readRecordFile('trips', trips, undefined, true);
    expect(metricTrips.mapping).toMatchObject({ kilometres: 'Distance' });
    expect(metricTrips.records[0]).toMatchObject({ miles: '1000' });
    const fuel = 'Date,Unit,State,Quantity\n2026-04-01,T1,TX,3.785';
    const metricFuel = await readRecordFileJob({
      kind: 'fuel',
      bytes: Buffer.from(fuel),
      maxUnpackedBytes: 1024,
      metric: true,
    });
    expect(metricFuel.records[0]).toMatchObject({ quantity: '3.785', quantity_unit: 'l', gallons: '1' });
  });

  it('keeps a column whose header names its unit in that unit, whatever the account enters', () => {
    const read = readRecordFile('trips', 'Date,Unit,State,Miles\n2026-04-01,T1,TX,100', undefined, true);
    expect(read.mapping).toMatchObject({ miles: 'Miles' });
    expect(read.records[0]).toMatchObject({ miles: '100' });
  });
});

describe('what the cells say', () => {
  it("reads a worksheet's date-time cell (a day number with a fraction) as its day", () => {
    // 46142 is 2026-04-30 in Excel's 1900 system; .75 is 18:00.
    expect(readDate('46142.75', true)).toBe('2026-04-30');
    expect(readDate('46142', true)).toBe('2026-04-30');
    expect(readDate('46142.75')).toBeUndefined();
  });

  it.each([
    ['trips', 'Distance', '214 mi', { miles: '214' }],
    ['trips', 'Distance', '1,841 mi', { miles: '1841' }],
    ['trips', 'Miles', '345 km', { miles: '214.373' }],
    ['fuel', 'Gallons', '400 L', { quantity: '400', quantity_unit: 'l', gallons: '105.669' }],
    ['fuel', 'Quantity', '120 gal', { quantity: '120', quantity_unit: 'gal', gallons: '120' }],
  ] as const)('reads a %s %s of "%s" in the unit written after it', (kind, header, value, expected) => {
    const read = readRecordFile(kind, `Date,Unit,State,${header}\n2026-04-01,T1,TX,"${value}"`, undefined, true);
    expect(read.problems).toEqual([]);
    expect(read.records[0]).toMatchObject(expected);
  });

  it('asks about a unit written after a value that it does not know', () => {
    const read = readRecordFile('fuel', 'Date,Unit,State,Gallons\n2026-04-01,T1,TX,12 ea');
    expect(read.problems).toEqual([
      {
        row: 2,
        field: 'gallons',
        message: 'row 2: unit "ea" is not gal or L: choose what it is, or leave its rows out',
        value: '12 ea',
        resolve: { kind: 'unit', value: 'ea' },
      },
    ]);
    const skipped = readRecordFile('fuel', 'Date,Unit,State,Gallons\n2026-04-01,T1,TX,12 ea', undefined, false, {
      resolutions: { units: { EA: 'skip' } },
    });
    expect(skipped.problems).toEqual([]);
    expect(skipped.warnings).toMatchObject([{ row: 2, reason: 'skipped_by_choice', value: 'ea' }]);
  });

  it('reads litres from a CAD currency under a header that names no unit, not under one that says gallons', () => {
    const qty = readRecordFile(
      'fuel',
      'Date,Unit,State,Qty,Currency\n2026-04-01,T1,ON,400,CAD\n2026-04-01,T1,NY,400,USD',
    );
    expect(qty.records.map((r) => ('gallons' in r ? [r.quantity_unit, r.gallons] : []))).toEqual([
      ['l', '105.669'],
      ['gal', '400'],
    ]);
    const gallons = readRecordFile('fuel', 'Date,Unit,State,Gallons,Currency\n2026-04-01,T1,ON,40,CAD');
    expect(gallons.records).toMatchObject([{ quantity_unit: 'gal', gallons: '40' }]);
  });

  it.each(['Item', 'Product Code', 'ProductDescription', 'Product Description'])(
    'finds the product under "%s", so a DEF line is left out rather than read as diesel',
    (header) => {
      const read = readRecordFile(
        'fuel',
        `Date,Unit,State,Gallons,${header}\n2026-04-01,T1,TX,50,ULSD\n2026-04-01,T1,TX,5,DEF`,
      );
      expect(read.mapping.fuel_type).toBe(header);
      expect(read.records).toHaveLength(1);
      expect(read.warnings).toMatchObject([{ row: 3, reason: 'def' }]);
    },
  );

  it.each(['State/ Prov', 'State/Prov', 'ST', 'Location State'])(
    'finds the state of a fuel file under "%s"',
    (header) => {
      const read = readRecordFile('fuel', `Date,Unit #,${header},Gallons\n2026-04-01,T1,TX,50`);
      expect(read.mapping).toMatchObject({ unit: 'Unit #', jurisdiction: header });
      expect(read.records).toMatchObject([{ unit: 'T1', jurisdiction: 'TX', gallons: '50' }]);
    },
  );

  it('prefers a product description to a product code', () => {
    const read = readRecordFile(
      'fuel',
      'Date,Unit,State,Gallons,Product,Product Description\n2026-04-01,T1,TX,5,UN+,Unleaded Plus',
    );
    expect(read.mapping.fuel_type).toBe('Product Description');
  });

  it('maps an unknown product to the fuel chosen, or leaves its rows out', () => {
    const csv = 'Date,Unit,State,Gallons,Product\n2026-04-01,T1,TX,5,Future Defined';
    expect(readRecordFile('fuel', csv).problems).toMatchObject([
      { row: 2, field: 'fuel_type', resolve: { kind: 'product', value: 'Future Defined' } },
    ]);
    const mapped = readRecordFile('fuel', csv, undefined, false, {
      resolutions: { products: { 'future defined': 'gasoline' } },
    });
    expect(mapped.records).toMatchObject([{ fuel_type: 'gasoline', gallons: '5' }]);
    const left = readRecordFile('fuel', csv, undefined, false, {
      resolutions: { products: { 'Future Defined': 'skip' } },
    });
    expect(left.records).toEqual([]);
    expect(left.warnings).toMatchObject([{ row: 2, reason: 'skipped_by_choice' }]);
  });

  it('refuses a row with more filled cells than the header, whose columns are shifted', () => {
    const read = readRecordFile('fuel', 'Date,Unit,State,Gallons\n2026-04-01,T1,TX,5,7\n2026-04-01,T1,TX,5,');
    expect(read.problems).toEqual([
      {
        row: 2,
        field: 'file',
        message: 'row 2: 5 cells under a header of 4: a value with an unquoted comma shifts the columns after it',
      },
    ]);
    expect(read.records).toHaveLength(1);
  });

  it('dates every row of a file without a date column with the date given', () => {
    const read = readRecordFile('trips', 'State,Country,Unit,Distance\nAL,USA,1104,214 mi', undefined, false, {
      defaultDate: '2025-01-01',
    });
    expect(read.problems).toEqual([]);
    expect(read.records).toMatchObject([{ date: '2025-01-01', unit: '1104', jurisdiction: 'AL', miles: '214' }]);
  });
});
