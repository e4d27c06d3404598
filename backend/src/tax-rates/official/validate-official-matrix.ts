import { IFTA_CODES } from '../../ifta/index.js';
import type { MatrixRate } from '../matrix/parse-rate-matrix.js';

/**
 * Bounds no real IFTA rate has come near (the highest diesel rate since 2017 is California's ~$0.97/gal, the highest
 * CAN$/L ~0.25): a cell read in the wrong unit or column lands outside them, and the matrix is refused whole.
 */
export const MAX_USD_PER_GALLON = 3;
export const MAX_CAD_PER_LITRE = 1;

/**
 * What makes a parsed matrix safe to publish for every account: each of the 58 members has a diesel base rate (a
 * truncated file lacks the last ones), and every figure is within sane bounds. Answers the problems, none when fine.
 */
export function officialMatrixProblems(rates: readonly MatrixRate[]): string[] {
  const problems: string[] = [];
  const dieselBase = new Set(rates.filter((r) => r.fuel_type === 'diesel' && r.kind === 'base').map((r) => r.code));
  const missing = IFTA_CODES.filter((code) => !dieselBase.has(code));
  if (missing.length > 0) {
    problems.push(
      `${missing.length} of 58 members have no diesel rate (${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''})`,
    );
  }
  for (const rate of rates) {
    if (Number(rate.rate) > MAX_USD_PER_GALLON) {
      problems.push(`${rate.code} ${rate.fuel_type} ${rate.kind} ${rate.rate} US$/gal is above ${MAX_USD_PER_GALLON}`);
    }
    if (rate.rate_cad_per_litre !== null && Number(rate.rate_cad_per_litre) > MAX_CAD_PER_LITRE) {
      problems.push(
        `${rate.code} ${rate.fuel_type} ${rate.kind} ${rate.rate_cad_per_litre} CAN$/L is above ${MAX_CAD_PER_LITRE}`,
      );
    }
  }
  return problems.slice(0, 20);
}
