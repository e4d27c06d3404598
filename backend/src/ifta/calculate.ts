import { Decimal, decimalToNumber, roundDecimal } from './decimal.js';
import { findNonIftaJurisdiction } from './jurisdictions.js';
import { INPUT_SCALE } from './rounding.js';

/**
 * A total whose absolute value is below this is shown as 'No Tax Due' (docs/product-spec.md §9 Zero-tax threshold). The test is
 * strict and runs on the total rounded to cents, so a total of exactly $0.01 (or -$0.01) is still due (or a credit):
 * one cent is a real amount on a return, and only a total that rounds to $0.00 is none.
 */
export const ZERO_TAX_THRESHOLD = 0.01;

export interface JurisdictionInput {
  /** The jurisdiction's code or name; AK, HI, DC, YT, NT, NU and MX (by code or name) are non-IFTA lines. */
  name?: string | null;
  /** Marks a non-IFTA line explicitly (e.g. an imported entry whose name was resolved already). */
  nonIfta?: boolean;
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

/** A line's figures at their stored scale (gallons 3 decimals, money 2), each rounded once from the exact value. */
export interface StoredLineFigures {
  gallonsConsumed: number;
  netGallons: number;
  taxDue: number;
}

/**
 * The inputs the server stores, rounded to their column's scale (rates 4 decimals, miles and gallons 3, MPG 2).
 * Both the server and the browser compute from these, so the preview is the saved figure to the cent.
 */
function roundedInputs(row: JurisdictionInput, averageMpg: unknown) {
  return {
    taxableMiles: roundDecimal(row.taxableMiles, INPUT_SCALE.miles),
    gallonsPurchased: roundDecimal(row.gallonsPurchased, INPUT_SCALE.gallons),
    taxRate: roundDecimal(row.taxRate, INPUT_SCALE.rate),
    mpg: roundDecimal(averageMpg, INPUT_SCALE.mpg),
  };
}

type RoundedInputs = ReturnType<typeof roundedInputs>;

/** A line that counts only in the fleet's total miles and gallons: no taxable gallons, no tax, no credit. */
export const isNonIftaLine = (row: JurisdictionInput): boolean =>
  row.nonIfta === true || findNonIftaJurisdiction(row.name) !== undefined;

interface ExactLine {
  consumed: Decimal;
  net: Decimal;
  /** Already rounded to cents. */
  taxDue: Decimal;
}

/**
 * docs/ifta-domain.md "The computation", steps 5 to 7, exactly. Net gallons x rate is computed as
 * (miles - purchased x MPG) x rate / MPG, so the only inexact step, the division, comes last.
 */
function exactLine(
  row: JurisdictionInput,
  averageMpg: unknown,
  inputs: RoundedInputs = roundedInputs(row, averageMpg),
  nonIfta = isNonIftaLine(row),
): ExactLine {
  const { taxableMiles, gallonsPurchased, taxRate, mpg } = inputs;
  if (nonIfta) return { consumed: new Decimal(0), net: new Decimal(0), taxDue: new Decimal(0) };
  if (!mpg.greaterThan(0)) {
    const net = gallonsPurchased.negated();
    return { consumed: new Decimal(0), net, taxDue: net.times(taxRate).toDecimalPlaces(2) };
  }
  const numerator = taxableMiles.minus(gallonsPurchased.times(mpg));
  return {
    consumed: taxableMiles.dividedBy(mpg),
    net: numerator.dividedBy(mpg),
    taxDue: numerator.times(taxRate).dividedBy(mpg).toDecimalPlaces(2),
  };
}

/** One jurisdiction's line of the return (docs/ifta-domain.md "The computation", steps 5 to 7). */
export function calculateJurisdiction(row: JurisdictionInput, averageMpg: unknown): JurisdictionResult {
  const line = exactLine(row, averageMpg);
  return {
    gallonsConsumed: decimalToNumber(line.consumed),
    netGallons: decimalToNumber(line.net),
    taxDue: decimalToNumber(line.taxDue),
  };
}

/** One line's figures at stored scale (gallons 3 decimals, money 2), each rounded once from the exact value. */
export function calculateStoredLine(row: JurisdictionInput, averageMpg: unknown): StoredLineFigures {
  const line = exactLine(row, averageMpg);
  return {
    gallonsConsumed: decimalToNumber(line.consumed.toDecimalPlaces(INPUT_SCALE.gallons)),
    netGallons: decimalToNumber(line.net.toDecimalPlaces(INPUT_SCALE.gallons)),
    taxDue: decimalToNumber(line.taxDue),
  };
}

export interface ReportRowInput extends JurisdictionInput {
  totalMiles?: number | string | null;
}

export interface ReportTotals {
  /** Every line's miles, non-IFTA lines included (docs/ifta-domain.md step 1). */
  totalMiles: number;
  /** IFTA lines only. */
  taxableMiles: number;
  /** Every line's gallons, non-IFTA lines included (step 2). */
  gallonsPurchased: number;
  /** Sum of the rows' gallons at stored scale, so the totals foot with the lines shown. */
  gallonsConsumed: number;
  netGallons: number;
  /** Sum of the rows' rounded amounts, so the total always foots with the lines shown. */
  taxDue: number;
  isNoTaxDue: boolean;
}

type CalculatedRow<T extends ReportRowInput> = T & JurisdictionResult & { stored: StoredLineFigures };

export interface ReportCalculation<T extends ReportRowInput> {
  rows: Array<CalculatedRow<T>>;
  totals: ReportTotals;
}

export function isNoTaxDue(totalTaxDue: unknown): boolean {
  return roundDecimal(totalTaxDue, 2).abs().lessThan(ZERO_TAX_THRESHOLD);
}

/**
 * Every row's results and the report's totals. Rows keep their own fields; results are added beside them, with
 * `stored` holding the figures at column scale that the server saves and the browser shows.
 */
export function calculateReport<T extends ReportRowInput>(
  rows: readonly T[],
  averageMpg: unknown,
): ReportCalculation<T> {
  const sums = {
    totalMiles: new Decimal(0),
    taxableMiles: new Decimal(0),
    gallonsPurchased: new Decimal(0),
    gallonsConsumed: new Decimal(0),
    netGallons: new Decimal(0),
    taxDue: new Decimal(0),
  };
  const calculated = rows.map((row) => {
    // Rounded and classified once: the exact arithmetic is most of a 58-line report's CPU (docs/PERFORMANCE.md).
    const inputs = roundedInputs(row, averageMpg);
    const nonIfta = isNonIftaLine(row);
    const line = exactLine(row, averageMpg, inputs, nonIfta);
    const consumed = line.consumed.toDecimalPlaces(INPUT_SCALE.gallons);
    const net = line.net.toDecimalPlaces(INPUT_SCALE.gallons);
    sums.totalMiles = sums.totalMiles.plus(roundDecimal(row.totalMiles, INPUT_SCALE.miles));
    if (!nonIfta) sums.taxableMiles = sums.taxableMiles.plus(inputs.taxableMiles);
    sums.gallonsPurchased = sums.gallonsPurchased.plus(inputs.gallonsPurchased);
    sums.gallonsConsumed = sums.gallonsConsumed.plus(consumed);
    sums.netGallons = sums.netGallons.plus(net);
    sums.taxDue = sums.taxDue.plus(line.taxDue);
    return {
      ...row,
      gallonsConsumed: decimalToNumber(line.consumed),
      netGallons: decimalToNumber(line.net),
      taxDue: decimalToNumber(line.taxDue),
      stored: {
        gallonsConsumed: decimalToNumber(consumed),
        netGallons: decimalToNumber(net),
        taxDue: decimalToNumber(line.taxDue),
      },
    };
  });
  const taxDue = decimalToNumber(sums.taxDue);
  return {
    rows: calculated,
    totals: {
      totalMiles: decimalToNumber(sums.totalMiles),
      taxableMiles: decimalToNumber(sums.taxableMiles),
      gallonsPurchased: decimalToNumber(sums.gallonsPurchased),
      gallonsConsumed: decimalToNumber(sums.gallonsConsumed),
      netGallons: decimalToNumber(sums.netGallons),
      taxDue,
      isNoTaxDue: isNoTaxDue(taxDue),
    },
  };
}
