import { parsePeriod, ratesQuarterOf } from '../ifta/index.js';
import { parseQuarter } from '../tax-rates/quarter.js';

/** The day before `iso` ('YYYY-MM-DD'). */
export const dayBefore = (iso: string): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The days a report covers: its month for a monthly filer, else its quarter; undefined for a malformed period. */
export function reportDays(period: string): { start: string; end: string } | undefined {
  const parsed = parsePeriod(period);
  if (parsed?.kind === 'month') {
    const next =
      parsed.month === 12
        ? `${parsed.year + 1}-01-01`
        : `${parsed.year}-${String(parsed.month + 1).padStart(2, '0')}-01`;
    return { start: `${parsed.year}-${String(parsed.month).padStart(2, '0')}-01`, end: dayBefore(next) };
  }
  return parseQuarter(ratesQuarterOf(period) ?? '');
}

/** A line as its rate period is read from the report: its jurisdiction, fuel and the day its period starts. */
interface DatedLine {
  code: string;
  fuelType: string;
  rateFrom: string | null;
}

/**
 * The days each line reports where its jurisdiction and fuel are split into rate periods (several lines, or one
 * naming its period with `rate_from`): from its `rate_from` (the report's first day without one) to the day before the
 * next line's, or the report's last day. Null for a line that is its jurisdiction's only one with no period named.
 */
export function linePeriods(lines: readonly DatedLine[], period: string): Array<{ from: string; to: string } | null> {
  const days = reportDays(period);
  const out: Array<{ from: string; to: string } | null> = lines.map(() => null);
  if (!days) return out;
  const groups = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const key = `${line.code.toUpperCase()}|${line.fuelType}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  for (const indexes of groups.values()) {
    if (indexes.length < 2 && !lines[indexes[0]].rateFrom) continue;
    const starts = indexes
      .map((index) => ({ index, from: lines[index].rateFrom ?? days.start }))
      .sort((a, b) => a.from.localeCompare(b.from));
    starts.forEach(({ index, from }, k) => {
      out[index] = { from, to: k + 1 < starts.length ? dayBefore(starts[k + 1].from) : days.end };
    });
  }
  return out;
}
