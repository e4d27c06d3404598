/**
 * The prorated price difference of an upgrade: (new - old) x (time left / period length), in whole
 * cents with half-cents rounded up, computed on integers so no float ever touches the money.
 */
export function proratedUpgradeCents(
  oldPrice: number | string,
  newPrice: number | string,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): number {
  const diff = BigInt(toCents(newPrice) - toCents(oldPrice));
  const length = BigInt(Math.max(0, periodEnd.getTime() - periodStart.getTime()));
  const left = BigInt(Math.min(Math.max(0, periodEnd.getTime() - now.getTime()), Number(length)));
  if (diff <= 0n || length === 0n || left === 0n) return 0;
  return Number((diff * left * 2n + length) / (2n * length));
}

/** Plan prices are numeric(10,2): read the text, never multiply a float. */
export function toCents(price: number | string): number {
  const [whole, fraction = ''] = String(price).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export const centsToAmount = (cents: number): number => cents / 100;
