import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { publishedMatrixBytes } from '../../../test/helpers/ifta-published-file.js';
import { parsePublishedMatrix } from '../matrix/parse-ifta-published-matrix.js';
import { parseQuarter } from '../quarter.js';
import { IFTA_MATRIX_RATES_2026_Q2 } from './ifta-matrix-rates-2026-Q2.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/ifta-published', import.meta.url));

describe('the matrix the product ships with', () => {
  // The shipped table leaves out the `$-` cells (fuels a jurisdiction does not tax through IFTA): the one-line-per-row
  // copy it was made from printed them blank. Every other rate is the file's, US$/gal and CAN$/L alike.
  it("is IFTA's own 2Q2026 file, rate for rate, without its $- cells", () => {
    const { rates } = parsePublishedMatrix(publishedMatrixBytes(FIXTURES, '2Q2026'), parseQuarter('Q2-2026')!);
    const key = (r: { code: string; fuel_type: string; kind: string }) => `${r.code} ${r.fuel_type} ${r.kind}`;
    const taxed = rates.filter((r) => r.rate !== '0.0000' || (r.code === 'OR' && r.fuel_type === 'diesel'));
    // Oregon's diesel (weight-mile tax) is the one `$-` the table keeps, at 0 with no CAN$/L figure.
    const cadOf = (r: (typeof rates)[number]) =>
      r.code === 'OR' && r.fuel_type === 'diesel' ? null : r.rate_cad_per_litre;
    const published = Object.fromEntries(taxed.map((r) => [key(r), [r.rate, cadOf(r)]]));
    const shipped = Object.fromEntries(IFTA_MATRIX_RATES_2026_Q2.map((r) => [key(r), [r.rate, r.rate_cad_per_litre]]));
    expect(shipped).toEqual(published);
  });
});
