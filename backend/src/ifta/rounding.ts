/**
 * Rounds half away from zero to `decimals` places. Scaling goes through 15 significant digits first, so a value
 * such as 1.005 (stored as 1.00499999…) rounds to 1.01 as a person reading it expects.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  if (!Number.isFinite(scaled)) return value;
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded; // never -0
}

/** Money: cents, half away from zero. The one helper every amount goes through. */
export const roundMoney = (value: number): number => roundTo(value, 2);

/** Tax rates keep 4 decimals ($/gallon), as the rate matrix publishes them. */
export const roundRate = (value: number): number => roundTo(value, 4);

/** Gallons and miles as stored (numeric(14,3)). */
export const roundQuantity = (value: number): number => roundTo(value, 3);

/**
 * Reads a user-entered number. Missing, blank, NaN and infinite values count as 0 (spec §5 Calculation); numeric
 * strings such as "12.5" are read, because form fields and imported cells often arrive as text.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}
