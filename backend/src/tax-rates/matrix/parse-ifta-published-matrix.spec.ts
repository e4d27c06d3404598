import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parseQuarter } from '../quarter.js';
import {
  fileRateLines,
  PUBLISHED_QUARTERS,
  publishedMatrixBytes,
  storedRateLines,
  retitled,
  withCell,
  withoutJurisdictions,
} from '../../../test/helpers/ifta-published-file.js';
import { looksLikePublishedLayout, parsePublishedMatrix, quarterOfTitle } from './parse-ifta-published-matrix.js';
import { RateMatrixError } from './parse-rate-matrix.js';
import { officialMatrixProblems } from '../official/validate-official-matrix.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/ifta-published', import.meta.url));
const file = (quarter: (typeof PUBLISHED_QUARTERS)[number]) => publishedMatrixBytes(FIXTURES, quarter);
const quarterOf = (name: string) => parseQuarter(`Q${name[0]}-${name.slice(2)}`)!;

describe("parsePublishedMatrix on IFTA, Inc.'s own files", () => {
  it.each(PUBLISHED_QUARTERS)('reads every US$/gal cell of %s as a person reading the file would', (quarter) => {
    const { rates } = parsePublishedMatrix(file(quarter), quarterOf(quarter));
    expect(officialMatrixProblems(rates)).toEqual([]);
    const lines = fileRateLines(file(quarter));
    // 58 members and three surcharge rows (Indiana, Kentucky, Virginia), 15 fuels each: every cell, none invented.
    expect(lines).toHaveLength(61 * 15);
    expect(storedRateLines(rates)).toEqual(lines);
  });

  it('reads $- as a zero rate, CAN$/L beside US$/gal, surcharge rows and footnotes of 3Q2026', () => {
    const { rates, footnotes } = parsePublishedMatrix(file('3Q2026'), quarterOf('3Q2026'));
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
    expect(find('AB', 'lng')).toMatchObject({ rate: '0.0000', rate_cad_per_litre: '0.0000' });
    expect(find('KY', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1050', rate_cad_per_litre: '0.0387' });
    expect(find('IN', 'propane', 'surcharge')).toMatchObject({ rate: '0.6300', rate_cad_per_litre: '0.2327' });
    expect(find('VA', 'diesel', 'surcharge')).toMatchObject({ rate: '0.1430', rate_cad_per_litre: '0.0529' });
    expect(find('OR', 'diesel')).toMatchObject({ rate: '0.0000' });
    expect(footnotes.AB).toEqual(['14']);
    expect(footnotes.IN).toEqual(['31']);
    expect(footnotes.KY).toBeUndefined();
  });

  it('reads the title in both of IFTA forms, and refuses a file of another quarter by either', () => {
    expect(quarterOfTitle('3rd Quarter 2026,,,,')).toBe('3Q2026');
    expect(quarterOfTitle('1st Quarter 2025')).toBe('1Q2025');
    expect(quarterOfTitle('Second Quarter 2026')).toBe('2Q2026');
    expect(quarterOfTitle('IFTA Tax Matrix 4Q2026')).toBe('4Q2026');
    expect(quarterOfTitle('Tax matrix')).toBeUndefined();
    expect(() => parsePublishedMatrix(file('2Q2026'), quarterOf('4Q2026'))).toThrow(
      'Row 1: The file is the matrix of 2Q2026, not of 4Q2026',
    );
    expect(() => parsePublishedMatrix(retitled(file('3Q2026'), '2Q2026'), quarterOf('3Q2026'))).toThrow(
      'The file is the matrix of 2Q2026, not of 3Q2026',
    );
    // The one change a quarter not posted yet would have: its title.
    expect(() => parsePublishedMatrix(retitled(file('3Q2026'), '4th Quarter 2026'), quarterOf('4Q2026'))).not.toThrow();
  });

  it('refuses a changed layout naming the row and cell: a new fuel column, an unknown jurisdiction, a bad cell', () => {
    const renamed = Buffer.from(file('1Q2026').toString().replace(',Hythane\r\n', ',Ammonia\r\n'));
    expect(() => parsePublishedMatrix(renamed, quarterOf('1Q2026'))).toThrow(
      /Row 2: unknown or repeated column "Ammonia": IFTA's layout has changed/,
    );
    const atlantis = Buffer.from(file('1Q2026').toString().replace('KANSAS ,', 'ATLANTIS ,'));
    expect(() => parsePublishedMatrix(atlantis, quarterOf('1Q2026'))).toThrow(/"ATLANTIS" is not an IFTA member/);
    const bad = withCell(file('1Q2026'), { name: 'TEXAS #12', title: 'Special', value: 'n/a' });
    expect(() => parsePublishedMatrix(bad, quarterOf('1Q2026'))).toThrow(
      /Row \d+: "Special Diesel" must be a rate such as \$ 0.3250, got "n\/a"/,
    );
    expect(() =>
      parsePublishedMatrix('<!DOCTYPE html><html><body>Not found</body></html>', quarterOf('1Q2026')),
    ).toThrow(/not IFTA's rate matrix/);
  });

  it('refuses a header repeated down the file with other columns', () => {
    const text = file('1Q2026').toString();
    const first = text.indexOf(',,Gasoline');
    const second = text.indexOf(',,Gasoline', first + 1);
    const changed = text.slice(0, second) + text.slice(second).replace('Hythane', 'Ammonia');
    expect(() => parsePublishedMatrix(changed, quarterOf('1Q2026'))).toThrow(
      /Row \d+: the header repeated here differs from the first one: IFTA's layout has changed/,
    );
  });

  it('finds a file cut short: members missing, or a row ending mid-way', () => {
    const { rates } = parsePublishedMatrix(
      withoutJurisdictions(file('3Q2026'), ['WEST VIRGINIA', 'WISCONSIN', 'WYOMING #32']),
      quarterOf('3Q2026'),
    );
    expect(officialMatrixProblems(rates)).toEqual(['3 of 58 members have no diesel rate (WV, WI, WY)']);
    const text = file('3Q2026').toString();
    const cut = text.slice(0, text.indexOf('$ 0.3383 ,$ 0.3383 ,$ 0.3383 ,$ 0.0812'));
    expect(() => parsePublishedMatrix(cut, quarterOf('3Q2026'))).toThrow(
      /Row 10: has 3 cells where the header has 17 \("Special Diesel" is missing\): the file is cut short/,
    );
  });

  it("finds a pair whose US$/gal and CAN$/L figures disagree with the file's one exchange rate", () => {
    // IFTA's 3Q2026 file with Texas's diesel CAN$/L figure mistyped (0.0738 → 0.0783).
    const typo = withCell(file('3Q2026'), { name: 'TEXAS #12', title: 'Special', value: '$ 0.0783 ', unit: 'Can' });
    const { rates } = parsePublishedMatrix(typo, quarterOf('3Q2026'));
    expect(officialMatrixProblems(rates)).toEqual([
      "TX diesel base: 0.2000 US$/gal is not 0.0783 CAN$/L at the file's exchange rate (0.7150 US$ a CAN$ gives 0.2119)",
    ]);
  });

  it('is a RateMatrixError for every refusal, so the updater records it as a failed run', () => {
    expect(() => parsePublishedMatrix('', quarterOf('1Q2026'))).toThrow(RateMatrixError);
  });

  it("tells the published layout from the product's one-line-per-row CSV", () => {
    expect(looksLikePublishedLayout(file('1Q2025'))).toBe(true);
    expect(looksLikePublishedLayout('code,name,country,row,unit,special_diesel\n')).toBe(false);
  });
});
