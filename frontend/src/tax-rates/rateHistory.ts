// The fuel types are the pure module's list, the one the API validates against.
export { FUEL_TYPES, type FuelType } from '@ifta/index';

export type RateKind = 'base' | 'surcharge';

/** A rate in force in a quarter (GET /protected/tax-rates/in-force). */
export interface RateInForce {
  code: string;
  name: string;
  fuel_type: string;
  kind: RateKind;
  /** US dollars per gallon, exact text with 4 decimals. */
  rate: string;
  effective_from: string;
}

export interface RatesInForce {
  period: string;
  fuel_type: string;
  rates: RateInForce[];
}

export type MatrixChangeStatus = 'added' | 'changed' | 'unchanged';

export interface RateMatrixChange {
  code: string;
  name: string;
  fuel_type: string;
  kind: RateKind;
  effective_from: string;
  status: MatrixChangeStatus;
  previous_rate: string | null;
  rate: string;
  rate_cad_per_litre: string | null;
}

/** The answer of the matrix preview and apply. */
export interface RateMatrixImport {
  quarter: string;
  applied: boolean;
  summary: Record<MatrixChangeStatus, number>;
  changes: RateMatrixChange[];
}

/** 'Q2-2026' for a date (Q1 Jan-Mar … Q4 Oct-Dec). */
export const quarterOf = (date: Date): string => `Q${Math.floor(date.getMonth() / 3) + 1}-${date.getFullYear()}`;

/**
 * The quarters the Tax Rates page offers, newest first: from next year's Q4 back to the first quarter two years
 * ago, which covers the quarters a carrier files or amends.
 */
export function recentQuarters(today: Date): string[] {
  const year = today.getFullYear();
  const quarters: string[] = [];
  for (let y = year + 1; y >= year - 2; y--) for (let q = 4; q >= 1; q--) quarters.push(`Q${q}-${y}`);
  return quarters;
}

/** The distinct effective dates of a quarter's rates, oldest first (two or more mean a mid-quarter change). */
export const effectiveDates = (rates: RateInForce[]): string[] =>
  [...new Set(rates.map((rate) => rate.effective_from))].sort();
