/** A rate as two matrix versions are compared: jurisdiction, fuel type, kind and US$/gal figure. */
export interface ComparedRate {
  code: string;
  fuel_type: string;
  kind: string;
  rate: string;
}

const ZERO = /^0*(\.0*)?$/;
/** At most this many sentences: a file that lost half the matrix says so in its first lines and a count. */
const MAX_LINES = 40;

const label = (r: { code: string; kind: string }) => `${r.code}${r.kind === 'surcharge' ? ' surcharge' : ''}`;

/**
 * What publishing `after` would take away from accounts that hold `before`, one sentence a loss, none when it takes
 * nothing: a jurisdiction's (or surcharge's) whole row, a fuel from every jurisdiction, and, when the two are
 * versions of the same quarter, a single rate removed or turned to `$-` (zero). Between two quarters a fuel's rate
 * going to `$-` is IFTA's real change (Ontario stopped taxing propane through IFTA), so only whole rows and fuels
 * count there. Pure, so the preview and the publish decide alike.
 */
export function matrixLosses(
  before: readonly ComparedRate[],
  after: readonly ComparedRate[],
  sameQuarter: boolean,
): string[] {
  const rows = (rates: readonly ComparedRate[]) => new Set(rates.map((r) => `${r.code}|${r.kind}`));
  const afterRows = rows(after);
  const afterFuels = new Set(after.map((r) => r.fuel_type));
  const afterRates = new Map(after.map((r) => [`${r.code}|${r.kind}|${r.fuel_type}`, r.rate]));
  const lines: string[] = [];

  const lostRows = [...rows(before)].filter((row) => !afterRows.has(row)).sort();
  for (const row of lostRows) {
    const [code, kind] = row.split('|');
    const count = before.filter((r) => r.code === code && r.kind === kind).length;
    lines.push(`${label({ code, kind })}: the whole row is gone (${count} rate${count === 1 ? '' : 's'})`);
  }
  const lostFuels = [...new Set(before.map((r) => r.fuel_type))].filter((fuel) => !afterFuels.has(fuel)).sort();
  for (const fuel of lostFuels) lines.push(`${fuel}: gone from every jurisdiction`);

  if (sameQuarter) {
    for (const rate of [...before].sort(byKey)) {
      if (!afterRows.has(`${rate.code}|${rate.kind}`) || !afterFuels.has(rate.fuel_type)) continue;
      const now = afterRates.get(`${rate.code}|${rate.kind}|${rate.fuel_type}`);
      if (now === undefined) lines.push(`${label(rate)} ${rate.fuel_type}: ${rate.rate} removed`);
      else if (ZERO.test(now) && !ZERO.test(rate.rate)) {
        lines.push(`${label(rate)} ${rate.fuel_type}: ${rate.rate} turned to $- (no IFTA tax)`);
      }
    }
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), `… and ${lines.length - MAX_LINES + 1} more`];
}

const byKey = (a: ComparedRate, b: ComparedRate) =>
  `${a.code}|${a.kind}|${a.fuel_type}`.localeCompare(`${b.code}|${b.kind}|${b.fuel_type}`);
