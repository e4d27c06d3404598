import { Decimal as DecimalLib } from 'decimal.js';

/**
 * Exact decimal arithmetic for every IFTA number (docs/architecture.md "IFTA math": never binary floats). Sums, differences
 * and products of the stored inputs are exact at this precision; the one division a figure needs is done last, so
 * its 50 significant digits cannot move a half-cent or half-thousandth tie (ties are exact short decimals).
 * Rounding is half away from zero, as money rounds on the return.
 */
export const Decimal = DecimalLib.clone({ precision: 50, rounding: DecimalLib.ROUND_HALF_UP, toExpNeg: -40 });
export type Decimal = DecimalLib;

const ZERO = new Decimal(0);

/**
 * Reads a user-entered number exactly. Missing, blank, NaN and infinite values count as 0 (docs/product-spec.md §5 Calculation);
 * numeric strings such as "12.5" are read digit for digit, and a JavaScript number as the shortest decimal that
 * prints it (0.1 is 0.1, not 0.1000000000000000055…), which is what the person typed.
 */
export function toDecimal(value: unknown): Decimal {
  if (value instanceof DecimalLib) return value.isFinite() ? new Decimal(value) : ZERO;
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(String(value)) : ZERO;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '' || !Number.isFinite(Number(text))) return ZERO;
    try {
      return new Decimal(text);
    } catch {
      // Forms JavaScript reads but decimal.js does not (e.g. "0b101"): take JavaScript's reading.
      return new Decimal(String(Number(text)));
    }
  }
  return ZERO;
}

/** Rounds half away from zero to `decimals` places, exactly. */
export const roundDecimal = (value: unknown, decimals: number): Decimal =>
  toDecimal(value).toDecimalPlaces(decimals, DecimalLib.ROUND_HALF_UP);

/** An amount as exact cents text ('12.35'), half away from zero: how every penalty, interest and total is answered. */
export const centsText = (value: unknown): string => roundDecimal(value, 2).toFixed(2);

/** A decimal as a JavaScript number for JSON and display: never -0. Exact for any figure already at column scale. */
export const decimalToNumber = (value: Decimal): number => (value.isZero() ? 0 : value.toNumber());

/** a + b in decimal, as a number: sums of stored figures (3 decimals) never pick up binary-float error. */
export const addExactly = (a: unknown, b: unknown): number => decimalToNumber(toDecimal(a).plus(toDecimal(b)));
