import { roundMoney, toNumber } from './rounding.js';

/**
 * A total whose absolute value is below this is shown as 'No Tax Due' (spec §9 Zero-tax threshold). The test is
 * strict and runs on the total rounded to cents, so a total of exactly $0.01 (or -$0.01) is still due (or a credit):
 * one cent is a real amount on a return, and only a total that rounds to $0.00 is none.
 */
export const ZERO_TAX_THRESHOLD = 0.01;

export interface JurisdictionInput {
  taxableMiles?: number | string | null;
  gallonsPurchased?: number | string | null;
  taxRate?: number | string | null;
}

export interface JurisdictionResult {
  /** Taxable gallons: taxable miles / MPG, unrounded (0 when MPG is not positive). */
  gallonsConsumed: number;
  /** Consumed minus purchased; negative means more tax-paid fuel was bought there than burned (a credit). */
  netGallons: number;
  /** Net gallons x rate, rounded to cents; negative is a credit. */
  taxDue: number;
}

/** One jurisdiction's line of the return (IFTA-DOMAIN.md "The computation", steps 5 to 7). */
export function calculateJurisdiction(
  row: JurisdictionInput,
  averageMpg: number | string | null | undefined,
): JurisdictionResult {
  const mpg = toNumber(averageMpg);
  const taxableMiles = toNumber(row.taxableMiles);
  const gallonsPurchased = toNumber(row.gallonsPurchased);
  const taxRate = toNumber(row.taxRate);
  const gallonsConsumed = mpg > 0 ? taxableMiles / mpg : 0;
  const netGallons = gallonsConsumed - gallonsPurchased;
  return { gallonsConsumed, netGallons, taxDue: roundMoney(netGallons * taxRate) };
}

export interface ReportRowInput extends JurisdictionInput {
  totalMiles?: number | string | null;
}

export interface ReportTotals {
  totalMiles: number;
  taxableMiles: number;
  gallonsPurchased: number;
  gallonsConsumed: number;
  netGallons: number;
  /** Sum of the rows' rounded amounts, so the total always foots with the lines shown. */
  taxDue: number;
  isNoTaxDue: boolean;
}

export type CalculatedRow<T extends ReportRowInput> = T & JurisdictionResult;

export interface ReportCalculation<T extends ReportRowInput> {
  rows: Array<CalculatedRow<T>>;
  totals: ReportTotals;
}

export function isNoTaxDue(totalTaxDue: number): boolean {
  return Math.abs(roundMoney(toNumber(totalTaxDue))) < ZERO_TAX_THRESHOLD;
}

/** Every row's results and the report's totals. Rows keep their own fields; results are added beside them. */
export function calculateReport<T extends ReportRowInput>(
  rows: readonly T[],
  averageMpg: number | string | null | undefined,
): ReportCalculation<T> {
  const calculated = rows.map((row) => ({ ...row, ...calculateJurisdiction(row, averageMpg) }));
  const sum = (pick: (row: CalculatedRow<T>) => unknown) =>
    calculated.reduce((total, row) => total + toNumber(pick(row)), 0);
  const taxDue = roundMoney(sum((row) => row.taxDue));
  return {
    rows: calculated,
    totals: {
      totalMiles: sum((row) => row.totalMiles),
      taxableMiles: sum((row) => row.taxableMiles),
      gallonsPurchased: sum((row) => row.gallonsPurchased),
      gallonsConsumed: sum((row) => row.gallonsConsumed),
      netGallons: sum((row) => row.netGallons),
      taxDue,
      isNoTaxDue: isNoTaxDue(taxDue),
    },
  };
}
