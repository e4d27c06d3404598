import { describe, expect, it } from '@jest/globals';
import { parseQuarter } from '../quarter.js';
import { publishedMatrixCsv } from '../../../test/helpers/ifta-published-csv.js';
import { looksLikePublishedLayout, parsePublishedMatrix } from './parse-ifta-published-matrix.js';
import { RateMatrixError } from './parse-rate-matrix.js';
import { officialMatrixProblems } from '../official/validate-official-matrix.js';

const Q3 = parseQuarter('Q3-2026')!;

/** A few rows exactly as IFTA prints them: `$ ` cells with trailing spaces, `$-`, blanks, a carried-over name. */
const SMALL = [
  'IFTA Tax Rate Matrix 3Q2026,,,,',
  'Jurisdiction,Country,Gasoline,Special Diesel,Propane',
  ',,Rate,Rate,Rate',
  'ALBERTA #14,U.S.,$ 0.3519 ,$ 0.3519 ,',
  ',Can,$ 0.1300 ,$ 0.1300 ,',
  'KENTUCKY,U.S.,$ 0.2800 ,$ 0.2500 ,$- ',
  ',Can,$ 0.0740 ,$ 0.0660 ,$- ',
  'KENTUCKY SurChg,U.S.,$ 0.0000 ,$ 0.1050 ,',
  ',Can,,$ 0.0277 ,',
].join('\n');

describe("parsePublishedMatrix (IFTA, Inc.'s own layout)", () => {
  it('reads $ cells, $- as zero, blank as no rate, CAN$/L beside US$/gal, surcharge rows and footnotes', () => {
    const { rates, footnotes } = parsePublishedMatrix(SMALL, Q3);
    const find = (code: string, fuel: string, kind = 'base') =>
      rates.find((r) => r.code === code && r.fuel_type === fuel && r.kind === kind);
    expect(find('AB', 'diesel')).toEqual({
      code: 'AB',
      name: 'Alberta',
      country: 'Canada',
      fuel_type: 'diesel',
      kind: 'base',
      effective_from: '2026-07-01',
      rate: '0.3519',
      rate_cad_per_litre: '0.1300',
    });
    expect(find('AB', 'propane')).toBeUndefined();
    expect(find('KY', 'propane')).toMatchObject({ rate: '0.0000', rate_cad_per_litre: '0.0000' });
    expect(find('KY', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1050', rate_cad_per_litre: '0.0277' });
    expect(find('KY', 'gasoline', 'surcharge')).toMatchObject({ rate: '0.0000', rate_cad_per_litre: null });
    expect(footnotes).toEqual({ AB: ['14'] });
  });

  it('reads a whole published matrix and finds all 58 members', () => {
    const { rates } = parsePublishedMatrix(publishedMatrixCsv({ quarter: '3Q2026', diesel: { CA: '1.0100' } }), Q3);
    expect(officialMatrixProblems(rates)).toEqual([]);
    expect(rates.find((r) => r.code === 'CA' && r.fuel_type === 'diesel' && r.kind === 'base')?.rate).toBe('1.0100');
    expect(rates.find((r) => r.code === 'VA' && r.fuel_type === 'diesel' && r.kind === 'surcharge')?.rate).toBe(
      '0.1430',
    );
    expect(rates.find((r) => r.code === 'OR' && r.fuel_type === 'diesel' && r.kind === 'base')?.rate).toBe('0.0000');
  });

  it("refuses another quarter's file, a changed header, an unknown jurisdiction and a bad cell, naming the row", () => {
    expect(() => parsePublishedMatrix(publishedMatrixCsv({ quarter: '2Q2026' }), Q3)).toThrow(
      'The file is the matrix of 2Q2026, not of 3Q2026',
    );
    expect(() =>
      parsePublishedMatrix(publishedMatrixCsv({ quarter: '3Q2026', dieselTitle: 'Diesel Fuel #2' }), Q3),
    ).toThrow(/unknown or repeated column "Diesel Fuel #2": IFTA's layout has changed/);
    expect(() => parsePublishedMatrix(SMALL.replace('KENTUCKY,', 'ATLANTIS,'), Q3)).toThrow(
      /Row 6: "ATLANTIS" is not an IFTA member/,
    );
    expect(() => parsePublishedMatrix(SMALL.replace('$ 0.2500 ', 'n/a'), Q3)).toThrow(RateMatrixError);
    expect(() => parsePublishedMatrix('<!DOCTYPE html><html><body>Not found</body></html>', Q3)).toThrow(
      /not IFTA's rate matrix/,
    );
  });

  it('finds a truncated file incomplete', () => {
    const { rates } = parsePublishedMatrix(publishedMatrixCsv({ quarter: '3Q2026', drop: ['WY', 'WI', 'WV'] }), Q3);
    expect(officialMatrixProblems(rates)).toEqual(['3 of 58 members have no diesel rate (WV, WI, WY)']);
  });

  it("tells the published layout from the product's one-line-per-row CSV", () => {
    expect(looksLikePublishedLayout(SMALL)).toBe(true);
    expect(looksLikePublishedLayout('code,name,country,row,unit,special_diesel\n')).toBe(false);
  });
});
