import { daysBefore, parsePeriod, quarterLabel, quarterOfPeriod } from './filing-calendar.js';
import type { RatePeriod } from './official.js';
import type { RatesByFuel } from './official-return.js';

/**
 * Rate periods inside a report (docs/returns.md, "A rate that changes inside the quarter"): a jurisdiction whose rate
 * changes inside the quarter (California 4Q2017: $0.37, then $0.57 from 11/01) is reported on one line per rate
 * period, each later one naming its first day in `rate_from`. Pure, shared by the server's checks and documents and
 * by the calculator, so the browser offers exactly the lines the server asks for.
 */

/** The days a report covers: its month for a monthly filer, else its quarter; undefined for a malformed period. */
export function reportDays(period: string): { start: string; end: string } | undefined {
  const parsed = parsePeriod(period);
  if (!parsed) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (parsed.kind === 'month') {
    const next = parsed.month === 12 ? `${parsed.year + 1}-01-01` : `${parsed.year}-${pad(parsed.month + 1)}-01`;
    return { start: `${parsed.year}-${pad(parsed.month)}-01`, end: daysBefore(next, 1) };
  }
  const { year, quarter } = quarterOfPeriod(parsed);
  const next = quarter === 4 ? `${year + 1}-01-01` : `${year}-${pad(quarter * 3 + 1)}-01`;
  return { start: `${year}-${pad(quarter * 3 - 2)}-01`, end: daysBefore(next, 1) };
}

/** A rate period's days within a report, with its base rate. */
export interface PeriodDays {
  from: string;
  to: string;
  rate: number | string;
  /** The table's period (its own `from` may fall before the report's first day). */
  period: RatePeriod;
}

/** Each rate period's days within `days`; periods wholly outside are left out. */
export function periodsWithin(periods: readonly RatePeriod[], days: { start: string; end: string }): PeriodDays[] {
  return periods.flatMap((period, i) => {
    const from = period.from > days.start ? period.from : days.start;
    const to = i + 1 < periods.length ? daysBefore(periods[i + 1].from, 1) : days.end;
    const end = to < days.end ? to : days.end;
    return from <= end ? [{ from, to: end, rate: period.rate, period }] : [];
  });
}

/** A line as its rate period is read: its position, jurisdiction code, fuel and the day its period starts. */
export interface RatePeriodLine {
  position: number;
  code: string;
  fuelType: string;
  rateFrom?: string | null;
}

/**
 * A jurisdiction reported on one line without `rate_from` whose rate changes inside the report's days: 'split' when
 * two or more rate periods fall in them (a line for each is needed), 'later' when the report's days (a monthly
 * filer's month) lie wholly in a period after the quarter's first, which a line without `rate_from` would not get.
 */
export interface RatePeriodSplit {
  position: number;
  code: string;
  fuelType: string;
  kind: 'split' | 'later';
  /** The rate periods within the report's days, in date order. */
  periods: PeriodDays[];
  /** The report's quarter ('Q4-2017'). */
  quarter: string;
}

/**
 * The lines that must be split into rate periods (or name theirs) before the return can be priced: a line that names
 * its period, or a jurisdiction already on several lines, is the carrier's own statement and is left as it is.
 */
export function ratePeriodSplits(
  lines: readonly RatePeriodLine[],
  rates: RatesByFuel,
  period: string,
): RatePeriodSplit[] {
  const days = reportDays(period);
  const parsed = parsePeriod(period);
  if (!days || !parsed) return [];
  const { year, quarter } = quarterOfPeriod(parsed);
  const groups = new Map<string, RatePeriodLine[]>();
  for (const line of lines) {
    const key = `${line.code.toUpperCase()}|${line.fuelType}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const splits: RatePeriodSplit[] = [];
  for (const group of groups.values()) {
    if (group.length > 1 || group[0].rateFrom) continue;
    const [line] = group;
    const periods = rates.get(line.fuelType)?.get(line.code.toUpperCase())?.periods;
    if (!periods || periods.length < 2) continue;
    const within = periodsWithin(periods, days);
    const base = { position: line.position, code: line.code.toUpperCase(), fuelType: line.fuelType, periods: within };
    if (within.length >= 2) splits.push({ ...base, kind: 'split', quarter: quarterLabel(year, quarter) });
    else if (within.length === 1 && within[0].period !== periods[0]) {
      splits.push({ ...base, kind: 'later', quarter: quarterLabel(year, quarter) });
    }
  }
  return splits.sort((a, b) => a.position - b.position);
}

/**
 * The days each line reports where its jurisdiction and fuel are split into rate periods (several lines, or one
 * naming its period with `rate_from`): from its `rate_from` (the report's first day without one) to the day before the
 * next line's, or the report's last day. Null for a line that is its jurisdiction's only one with no period named.
 */
export function linePeriods(
  lines: ReadonlyArray<{ code: string; fuelType: string; rateFrom?: string | null }>,
  period: string,
): Array<{ from: string; to: string } | null> {
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
      out[index] = { from, to: k + 1 < starts.length ? daysBefore(starts[k + 1].from, 1) : days.end };
    });
  }
  return out;
}
