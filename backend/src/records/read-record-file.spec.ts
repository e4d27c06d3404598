import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { LISTED_PROBLEMS, problemsCsv, readRecordFile, readRecordFileJob } from './read-record-file.js';

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
