import { quarterLabel } from '@ifta/filing-calendar';
import type { RateInForce, RatesInForce } from '../api/types';

/** 'Q2-2026' for a date (Q1 Jan-Mar … Q4 Oct-Dec). */
export const quarterOf = (date: Date): string => quarterLabel(date.getFullYear(), Math.floor(date.getMonth() / 3) + 1);

/**
 * The quarters the Tax Rates page offers, newest first: from next year's Q4 back to the first quarter two years
 * ago, which covers the quarters a carrier files or amends.
 */
export function recentQuarters(today: Date): string[] {
  const year = today.getFullYear();
  const quarters: string[] = [];
  for (let y = year + 1; y >= year - 2; y--) for (let q = 4; q >= 1; q--) quarters.push(quarterLabel(y, q));
  return quarters;
}

/** The quarter of an ISO date as IFTA, Inc. names its matrix: '2026-08-15' -> '3Q2026'. */
export const matrixQuarterOfDate = (isoDate: string): string =>
  `${Math.floor((Number(isoDate.slice(5, 7)) - 1) / 3) + 1}Q${isoDate.slice(0, 4)}`;

/** A quarter as IFTA, Inc. names its matrix: 'Q2-2026' -> '2Q2026' (anything else as it is). */
export const matrixQuarterName = (quarter: string): string => {
  const match = /^Q([1-4])-(\d{4})$/.exec(quarter);
  return match ? `${match[1]}Q${match[2]}` : quarter;
};

/**
 * The rates a return for the quarter uses, as the server chooses them: the quarter's own, then, for jurisdictions
 * it has none for, the newest quarter's, marked provisional (the server's answer already leaves out the codes the
 * quarter has).
 */
export const ratesToApply = (answer: Pick<RatesInForce, 'rates' | 'provisional_rates'>): RateInForce[] => [
  ...answer.rates,
  ...(answer.provisional_rates ?? []),
];

/** The distinct effective dates of a quarter's rates, oldest first (two or more mean a mid-quarter change). */
export const effectiveDates = (rates: RateInForce[]): string[] =>
  [...new Set(rates.map((rate) => rate.effective_from))].sort();
