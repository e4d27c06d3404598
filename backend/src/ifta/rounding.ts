import { decimalToNumber, roundDecimal, toDecimal } from './decimal.js';

/**
 * Rounds half away from zero to `decimals` places, in decimal: 1.005 rounds to 1.01 and 2.675 to 2.68, as a person
 * reading them expects (the binary double nearest 1.005 is below it, but the number the person typed is not).
 */
export function roundTo(value: unknown, decimals: number): number {
  return decimalToNumber(roundDecimal(value, decimals));
}

/** Money: cents, half away from zero. The one helper every amount goes through. */
export const roundMoney = (value: unknown): number => roundTo(value, 2);

/** Tax rates keep 4 decimals ($/gallon), as the rate matrix publishes them (column numeric(10,4)). */
export const roundRate = (value: unknown): number => roundTo(value, 4);

/** Gallons and miles as stored (numeric(14,3)). */
export const roundQuantity = (value: unknown): number => roundTo(value, 3);

/** The stored scale of each input; the server and the browser round inputs to these before computing. */
export const INPUT_SCALE = { miles: 3, gallons: 3, rate: 4, mpg: 2 } as const;

/**
 * Reads a user-entered number. Missing, blank, NaN and infinite values count as 0 (docs/product-spec.md §5 Calculation); numeric
 * strings such as "12.5" are read, because form fields and imported cells often arrive as text.
 */
export function toNumber(value: unknown): number {
  return decimalToNumber(toDecimal(value));
}
