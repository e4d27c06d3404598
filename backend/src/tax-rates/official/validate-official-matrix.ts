import { IFTA_CODES } from '../../ifta/index.js';
import type { MatrixRate } from '../matrix/parse-rate-matrix.js';

/**
 * Bounds no real IFTA rate has come near (the highest diesel rate since 2017 is California's ~$0.97/gal, the highest
 * CAN$/L ~0.25): a cell read in the wrong unit or column lands outside them, and the matrix is refused whole.
 */
export const MAX_USD_PER_GALLON = 3;
export const MAX_CAD_PER_LITRE = 1;

/** US gallons in a litre's inverse: IFTA converts CAN$/L to US$/gal with it and the quarter's exchange rate. */
const LITRES_PER_GALLON = 3.785411784;
/**
 * Fuels IFTA does not price by the litre on the Can row (electricity by the kWh, Indiana's hydrogen and hythane by
 * other units): their two figures need not share the exchange rate.
 */
const NOT_PER_LITRE = new Set(['electricity', 'hydrogen', 'hythane']);
/**
 * How far a US$/gal figure may stand from its CAN$/L figure converted at the file's exchange rate: both are rounded to
 * 4 decimals (half a ten-thousandth each, the CAN$ one times ~2.8 after conversion), with a threefold margin. Every
 * liquid fuel's pair of IFTA's five files in the tests' fixtures is within 0.0002.
 */
const PAIR_TOLERANCE = 0.0006;

/**
 * Pairs whose US$/gal figure is not their CAN$/L figure at the one exchange rate the file uses (the median of all
 * pairs): a cell read from the wrong column or row, or a typo in the file, shows up as a pair that disagrees.
 */
export function exchangeRateProblems(rates: readonly MatrixRate[]): string[] {
  const pairs = rates
    .filter((r) => !NOT_PER_LITRE.has(r.fuel_type) && r.rate_cad_per_litre !== null)
    .map((r) => ({ rate: r, usd: Number(r.rate), cad: Number(r.rate_cad_per_litre) }))
    .filter(({ usd, cad }) => usd > 0 && cad > 0);
  if (pairs.length < 20) return [];
  const ratios = pairs.map(({ usd, cad }) => usd / (cad * LITRES_PER_GALLON)).sort((a, b) => a - b);
  const exchange = ratios[Math.floor(ratios.length / 2)];
  return pairs
    .filter(({ usd, cad }) => Math.abs(usd - cad * LITRES_PER_GALLON * exchange) > PAIR_TOLERANCE)
    .map(
      ({ rate, cad }) =>
        `${rate.code} ${rate.fuel_type} ${rate.kind}: ${rate.rate} US$/gal is not ${rate.rate_cad_per_litre} CAN$/L at ` +
        `the file's exchange rate (${exchange.toFixed(4)} US$ a CAN$ gives ${(cad * LITRES_PER_GALLON * exchange).toFixed(4)})`,
    );
}

/**
 * What makes a parsed matrix safe to publish for every account: each of the 58 members has a diesel base rate (a
 * truncated file lacks the last ones), every figure is within sane bounds, and every US$/gal and CAN$/L pair agrees
 * with one exchange rate. Answers the problems, none when fine.
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
  problems.push(...exchangeRateProblems(rates));
  return problems.slice(0, 20);
}
