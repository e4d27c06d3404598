import type { Quarter } from '../quarter.js';
import { looksLikePublishedLayout, parsePublishedMatrix } from './parse-ifta-published-matrix.js';
import { type MatrixRate, parseRateMatrix } from './parse-rate-matrix.js';

/**
 * A rate matrix in either layout the product reads: IFTA, Inc.'s file as published, or the one-line-per-row CSV of
 * shared/data (a `code` column). Both answer the same rates, so an import or the updater does not care which.
 */
export function readRateMatrix(
  input: Buffer | string,
  quarter: Quarter,
): { rates: MatrixRate[]; footnotes: Record<string, string[]> } {
  if (looksLikePublishedLayout(input)) return parsePublishedMatrix(input, quarter);
  return { rates: parseRateMatrix(input, quarter), footnotes: {} };
}
