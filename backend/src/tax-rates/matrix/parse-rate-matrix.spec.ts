import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parseQuarter } from '../quarter.js';
import { MAX_MATRIX_BYTES, parseRateMatrix, RateMatrixError } from './parse-rate-matrix.js';

const Q2 = parseQuarter('Q2-2026')!;
const HEADER = 'code,name,country,row,unit,gasoline,special_diesel,propane';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');
const find = (rates: ReturnType<typeof parseRateMatrix>, code: string, fuel: string, kind = 'base') =>
  rates.find((r) => r.code === code && r.fuel_type === fuel && r.kind === kind);
const errorOf = (run: () => unknown): RateMatrixError => {
  try {
    run();
  } catch (error) {
    if (error instanceof RateMatrixError) return error;
    throw error;
  }
  throw new Error('expected a RateMatrixError');
};

describe('parseRateMatrix', () => {
  it('reads the shared 2Q2026 matrix: every fuel type, surcharges, and the CAD/L figure beside each US$/gal rate', () => {
    const text = readFileSync(new URL('./ifta-rates-2026-Q2.fixture.csv', import.meta.url));
    const rates = parseRateMatrix(text, Q2);
    expect(find(rates, 'CA', 'diesel')).toMatchObject({ rate: '0.9710', effective_from: '2026-04-01' });
    expect(find(rates, 'KY', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1050', rate_cad_per_litre: '0.0379' });
    expect(find(rates, 'VA', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1430', rate_cad_per_litre: '0.0517' });
    expect(find(rates, 'IN', 'propane', 'surcharge')).toMatchObject({ rate: '0.6100' });
    expect(find(rates, 'AB', 'propane')).toMatchObject({ rate: '0.2600', rate_cad_per_litre: '0.0940' });
    expect(find(rates, 'IN', 'hythane')).toMatchObject({ rate: '0.0800' });
    // "$-" cells make no rate.
    expect(find(rates, 'AB', 'lng')).toBeUndefined();
    expect(find(rates, 'KY', 'electricity', 'surcharge')).toBeUndefined();
    const codes = new Set(rates.filter((r) => r.fuel_type === 'diesel' && r.kind === 'base').map((r) => r.code));
    expect(codes.size).toBe(58);
    expect(rates.filter((r) => r.kind === 'surcharge').map((r) => r.code)).toEqual(
      expect.arrayContaining(['IN', 'KY', 'VA']),
    );
    expect(new Set(rates.filter((r) => r.kind === 'surcharge').map((r) => r.code))).toEqual(
      new Set(['IN', 'KY', 'VA']),
    );
  });

  it("gives Oregon's empty diesel cell rate 0 and invents no other Oregon rate", () => {
    const rates = parseRateMatrix(csv('OR,Oregon,USA,base,USD/gal,,,', 'OR,Oregon,USA,base,CAD/L,,,'), Q2);
    expect(rates).toEqual([
      {
        code: 'OR',
        name: 'Oregon',
        country: 'USA',
        fuel_type: 'diesel',
        kind: 'base',
        effective_from: '2026-04-01',
        rate: '0.0000',
        rate_cad_per_litre: null,
      },
    ]);
  });

  it('never turns a CAD/L figure into a US$/gal rate', () => {
    const rates = parseRateMatrix(
      csv('ON,Ontario,Canada,base,USD/gal,0.2490,,', 'ON,Ontario,Canada,base,CAD/L,0.0900,0.0900,'),
      Q2,
    );
    expect(rates.map((r) => [r.fuel_type, r.rate, r.rate_cad_per_litre])).toEqual([['gasoline', '0.2490', '0.0900']]);
  });

  it('accepts the printed matrix forms: "$-", "$0.31", header names with spaces and case, a BOM', () => {
    const text = '\uFEFFCode,Name,Country,Row,Unit,Special Diesel,E-85\nAL,ALABAMA,USA,Base,usd/gal,$0.31,$-\n';
    expect(parseRateMatrix(text, Q2)).toEqual([
      expect.objectContaining({ code: 'AL', name: 'Alabama', fuel_type: 'diesel', rate: '0.3100' }),
    ]);
  });

  it('dates a line by its effective_from column (a mid-quarter change) and keeps both lines', () => {
    const text = [
      'code,name,country,row,unit,special_diesel,effective_from',
      'CA,California,USA,base,USD/gal,0.9710,',
      'CA,California,USA,base,USD/gal,1.0000,2026-05-15',
    ].join('\n');
    expect(parseRateMatrix(text, Q2).map((r) => [r.effective_from, r.rate])).toEqual([
      ['2026-04-01', '0.9710'],
      ['2026-05-15', '1.0000'],
    ]);
  });

  it.each([
    ['a negative rate', csv('TX,Texas,USA,base,USD/gal,0.2,-0.1,'), 2, '"special_diesel" must be a rate'],
    ['five decimals', csv('TX,Texas,USA,base,USD/gal,0.2,0.12345,'), 2, '"special_diesel" must be a rate'],
    ['text in a rate cell', csv('AL,Alabama,USA,base,USD/gal,,,', 'TX,Texas,USA,base,USD/gal,abc,,'), 3, '"gasoline"'],
    ['an unknown row kind', csv('TX,Texas,USA,extra,USD/gal,0.2,,'), 2, '"row" must be base or surcharge'],
    ['an unknown unit', csv('TX,Texas,USA,base,EUR/l,0.2,,'), 2, '"unit" must be USD/gal or CAD/L'],
    ['an unknown country', csv('TX,Texas,Mexico,base,USD/gal,0.2,,'), 2, '"country" must be USA or Canada'],
    ['a bad code', csv('T1X,Texas,USA,base,USD/gal,0.2,,'), 2, '"code" must be a jurisdiction code'],
    ['a repeated line', csv('TX,Texas,USA,base,USD/gal,0.2,,', 'TX,Texas,USA,base,USD/gal,0.3,,'), 3, 'repeats row 2'],
    ['a short line', csv('TX,Texas,USA,base,USD/gal,0.2'), 2, 'not a readable CSV line'],
  ])('refuses %s, naming the row', (_label, text, line, message) => {
    const error = errorOf(() => parseRateMatrix(text, Q2));
    expect(error.line).toBe(line);
    expect(error.message).toContain(`Row ${line}: `);
    expect(error.message).toContain(message);
  });

  it('refuses an effective_from outside the quarter', () => {
    const text = 'code,name,country,row,unit,special_diesel,effective_from\nTX,Texas,USA,base,USD/gal,0.2,2026-07-01';
    expect(errorOf(() => parseRateMatrix(text, Q2)).message).toBe(
      'Row 2: "effective_from" must be a date from 2026-04-01 to 2026-06-30 (Q2-2026)',
    );
  });

  it.each([
    ['an unknown column', 'code,name,country,row,unit,diesel,colour\n', 'Row 1: unknown or repeated column "colour"'],
    [
      'a missing column',
      'code,name,row,unit,diesel\nTX,Texas,base,USD/gal,0.2',
      'Row 1: the column "country" is missing',
    ],
    ['no rows', HEADER, 'The rate matrix has no rows under its header'],
  ])('refuses %s', (_label, text, message) => {
    expect(errorOf(() => parseRateMatrix(text, Q2)).message).toBe(message);
  });

  it('refuses more than 600 rows', () => {
    const text = csv(...Array.from({ length: 601 }, () => 'TX,Texas,USA,base,USD/gal,0.2,,'));
    expect(errorOf(() => parseRateMatrix(text, Q2)).message).toBe('The rate matrix must have at most 600 rows');
  });

  it('refuses a file over the size cap before parsing it', () => {
    const big = Buffer.alloc(MAX_MATRIX_BYTES + 1, 'a');
    expect(errorOf(() => parseRateMatrix(big, Q2)).message).toBe('The rate matrix must not exceed 64 KB');
  });
});
