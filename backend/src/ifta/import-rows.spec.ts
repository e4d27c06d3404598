import { describe, expect, it } from '@jest/globals';
import {
  conversionFactorsFor,
  gallonsToLitres,
  KM_CONVERTED,
  kmToMiles,
  LITRES_CONVERTED,
  litresToGallons,
  milesToKm,
  parsePasteData,
  parseSheetRows,
  splitPasteLines,
  toFiledUnit,
} from './import-rows.js';
import { findIftaJurisdiction } from './jurisdictions.js';

const isKnownJurisdiction = (value: string) => findIftaJurisdiction(value) !== undefined;

describe('parsePasteData', () => {
  it('reads comma-separated "abbreviation, miles, gallons" lines', () => {
    expect(parsePasteData('TX, 1500, 200\nOK,300.5,45.25', { isKnownJurisdiction })).toEqual({
      rows: [
        { row: 1, jurisdiction: 'TX', totalMiles: 1500, taxableMiles: 1500, gallonsPurchased: 200 },
        { row: 2, jurisdiction: 'OK', totalMiles: 300.5, taxableMiles: 300.5, gallonsPurchased: 45.25 },
      ],
      errors: [],
    });
  });

  it('reads tab-separated lines with thousands separators, as copied from a spreadsheet', () => {
    const { rows, errors } = parsePasteData('TX\t1,234\t56.7\r\nCA\t12,345.5\t1,000', { isKnownJurisdiction });
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.jurisdiction, r.taxableMiles, r.gallonsPurchased])).toEqual([
      ['TX', 1234, 56.7],
      ['CA', 12345.5, 1000],
    ]);
  });

  it('reads four tab-separated fields as total miles, taxable miles and gallons', () => {
    expect(parsePasteData('TX\t1,600\t1,500\t200').rows[0]).toEqual({
      row: 1,
      jurisdiction: 'TX',
      totalMiles: 1600,
      taxableMiles: 1500,
      gallonsPurchased: 200,
    });
  });

  it('skips a header line and blank lines, keeping original line numbers', () => {
    const { rows, errors } = parsePasteData('State\tMiles\tGallons\n\nTX\t100\t10\n  \nXX\t5\t1', {
      isKnownJurisdiction,
    });
    expect(rows.map((r) => r.row)).toEqual([3]);
    expect(errors).toEqual([{ row: 5, message: 'unknown jurisdiction "XX"' }]);
  });

  it('reports bad lines by line number', () => {
    const { rows, errors } = parsePasteData('TX, 100, 10\nOK, abc, 5\nAR, -5, 3\nKS, 1,234, 5\nNE', {
      isKnownJurisdiction,
    });
    expect(rows.map((r) => r.row)).toEqual([1]);
    expect(errors).toEqual([
      { row: 2, message: 'Total Miles "abc" is not a number' },
      { row: 2, message: 'Taxable Miles "abc" is not a number' },
      { row: 3, message: 'Total Miles must not be negative' },
      { row: 3, message: 'Taxable Miles must not be negative' },
      {
        row: 4,
        message:
          'expected "abbreviation, miles, gallons" but found 4 fields (numbers must not contain commas; copy from a spreadsheet to keep "1,234")',
      },
      { row: 5, message: 'expected "abbreviation, miles, gallons" but found 1 field' },
    ]);
  });

  it('counts an empty gallons field as 0 and refuses values past a billion', () => {
    expect(parsePasteData('TX, 100,').rows[0]?.gallonsPurchased).toBe(0);
    expect(parsePasteData('TX\t100\t').rows[0]?.gallonsPurchased).toBe(0);
    expect(parsePasteData('TX\t100\t90\t5\t\t').rows[0]).toMatchObject({ taxableMiles: 90, gallonsPurchased: 5 });
    expect(parsePasteData('TX, 100').errors[0]?.message).toContain('found 2 fields');
    expect(parsePasteData('TX, 1000000001, 0').errors[0]?.message).toBe('Total Miles must not exceed 1,000,000,000');
  });

  it('reads a first line with a negative number as data, not as a header', () => {
    expect(parsePasteData('TX, -1, 0').errors[0]).toEqual({ row: 1, message: 'Total Miles must not be negative' });
  });

  it('answers nothing for blank text', () => {
    expect(parsePasteData('  \n\n')).toEqual({ rows: [], errors: [] });
  });

  it('reports a first line that is half data ("TX, 1 500, 200") with its number instead of skipping it', () => {
    const { rows, errors } = parsePasteData('TX, 1 500, 200\nOK, 300, 45', { isKnownJurisdiction });
    expect(errors).toContainEqual({ row: 1, message: 'Total Miles "1 500" is not a number' });
    expect(errors.every((error) => error.row === 1)).toBe(true);
    expect(rows.map((row) => row.jurisdiction)).toEqual(['OK']);
  });

  it('skips only a first line that names columns and holds no number', () => {
    expect(parsePasteData('TX, abc, def', { isKnownJurisdiction }).errors.map((e) => e.row)).toEqual([1, 1, 1]);
    expect(parsePasteData('Jurisdiction, Total, Fuel\nTX, 1, 1', { isKnownJurisdiction })).toMatchObject({
      rows: [{ row: 2, jurisdiction: 'TX' }],
      errors: [],
    });
  });

  it('stops reading at the first line past the cap, counting only lines with content', () => {
    expect(splitPasteLines({ text: 'TX,1,1\n\n\nOK,1,1\n', maxLines: 2 })).toMatchObject({
      lines: [{ row: 1 }, { row: 4 }],
    });
    expect(splitPasteLines({ text: 'TX,1,1\nOK,1,1\nAR,1,1', maxLines: 2 })).toEqual({ tooManyLines: true });
    expect(splitPasteLines({ text: 'TX,1,1\r\nOK,1,1\rAR,1,1', maxLines: 3 })).toMatchObject({
      lines: [{ row: 1 }, { row: 2 }, { row: 3 }],
    });
  });
});

describe('parseSheetRows', () => {
  it('reads the template layout below its header row', () => {
    const result = parseSheetRows(
      [
        { row: 1, cells: ['State/Province (abbreviation)', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'] },
        { row: 2, cells: ['TX', 1600, 1500, 200.5] },
        { row: 3, cells: [null, null, null, null] },
        {
          row: 4,
          cells: ['ok', '1,200', { formula: 'B4', result: 1200 }, { richText: [{ text: '4' }, { text: '5' }] }],
        },
      ],
      { isKnownJurisdiction },
    );
    expect(result).toEqual({
      rows: [
        { row: 2, jurisdiction: 'TX', totalMiles: 1600, taxableMiles: 1500, gallonsPurchased: 200.5 },
        { row: 4, jurisdiction: 'ok', totalMiles: 1200, taxableMiles: 1200, gallonsPurchased: 45 },
      ],
      errors: [],
    });
  });

  it('maps columns by their header when the sheet has only State, Miles, Gallons', () => {
    const result = parseSheetRows([
      { row: 1, cells: ['State', 'Miles', 'Gallons'] },
      { row: 2, cells: ['CA', 800, 90] },
    ]);
    expect(result.rows[0]).toEqual({
      row: 2,
      jurisdiction: 'CA',
      totalMiles: 800,
      taxableMiles: 800,
      gallonsPurchased: 90,
    });
  });

  it('reports unknown states, bad numbers and formulas without a cached result by row number', () => {
    const result = parseSheetRows(
      [
        { row: 1, cells: ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'] },
        { row: 2, cells: ['ZZ', 1, 1, 1] },
        { row: 3, cells: ['TX', 'ten', 1, 1] },
        { row: 4, cells: ['TX', 1, { formula: 'A1*2' }, -3] },
        { row: 5, cells: [null, 5, 5, 5] },
      ],
      { isKnownJurisdiction },
    );
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { row: 2, message: 'unknown jurisdiction "ZZ"' },
      { row: 3, message: 'Total Miles "ten" is not a number' },
      { row: 4, message: 'Gallons Purchased must not be negative' },
      { row: 5, message: 'State/Province is missing' },
    ]);
  });

  it('answers nothing for an empty sheet', () => {
    expect(parseSheetRows([])).toEqual({ rows: [], errors: [] });
  });
});

describe('units', () => {
  it('reads kilometres and litres named by a pasted header line, converting them exactly', () => {
    const result = parsePasteData('State, Km, Litres\nTX, 1000, 100');
    expect(result.rows[0]).toMatchObject({ totalMiles: 621.371, taxableMiles: 621.371, gallonsPurchased: 26.417 });
    expect(result.conversions).toEqual([KM_CONVERTED, LITRES_CONVERTED]);
  });

  it('lets a header naming miles and gallons win over a request unit', () => {
    const result = parseSheetRows(
      [
        { row: 1, cells: ['State', 'Distance (km)', 'Gallons'] },
        { row: 2, cells: ['TX', 10, 10] },
      ],
      { units: { volume: 'l' } },
    );
    expect(result.rows[0]).toMatchObject({ totalMiles: 6.214, gallonsPurchased: 10 });
    expect(result.conversions).toEqual([KM_CONVERTED]);
  });
});

describe('one conversion of a figure in kilometres or litres', () => {
  it("converts with IFTA's exact factors, to the stored thousandth", () => {
    expect(kmToMiles('1609.344')).toBe(1000);
    expect(litresToGallons('3.785411784')).toBe(1);
    expect(kmToMiles(100)).toBe(62.137);
    expect(kmToMiles('100', conversionFactorsFor('NC'))).toBe(62.137);
    expect(litresToGallons('1000', conversionFactorsFor('NC'))).toBe(264.2);
  });

  it('shows a stored figure in kilometres or litres that converts back to exactly that figure', () => {
    for (const miles of [0.001, 1, 62.137, 999.999, 1000, 123456.789]) expect(kmToMiles(milesToKm(miles))).toBe(miles);
    for (const gallons of [0.001, 1, 26.417, 4567.891]) expect(litresToGallons(gallonsToLitres(gallons))).toBe(gallons);
    const nc = conversionFactorsFor('NC');
    for (const miles of [0.001, 62.137, 999.999]) expect(kmToMiles(milesToKm(miles, nc), nc)).toBe(miles);
  });
});

describe('toFiledUnit: the one conversion of kilometres and litres', () => {
  it("uses the base jurisdiction's form where it states factors, else IFTA's", () => {
    // 100,000 L x .2642 = 26,420 gal (North Carolina); x .264172 = 26,417.2 gal (IFTA). 1,000 km x .62137 = 621.37 mi.
    expect(toFiledUnit(100000, 'litres', conversionFactorsFor('nc '))).toBe(26420);
    expect(toFiledUnit(100000, 'litres', conversionFactorsFor('TX'))).toBe(26417.2);
    expect(toFiledUnit(100000, 'litres')).toBe(26417.2);
    expect(toFiledUnit(1000, 'kilometres', conversionFactorsFor('NC'))).toBe(621.37);
    expect(toFiledUnit(1000, 'kilometres', conversionFactorsFor(''))).toBe(621.371);
  });

  it('is what the paste path converts with, so a pasted line and a record of the same litres agree', () => {
    const factors = conversionFactorsFor('NC');
    const pasted = parsePasteData('TX, 1000, 378.5', { units: { volume: 'l', factors } });
    expect(pasted.rows[0].gallonsPurchased).toBe(toFiledUnit('378.5', 'litres', factors));
    // 378.5 x .2642 = 99.9997 -> 100.000 at the stored thousandth.
    expect(pasted.rows[0].gallonsPurchased).toBe(100);
  });
});
