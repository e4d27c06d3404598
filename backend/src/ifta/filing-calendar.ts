import { TZDate } from '@date-fns/tz';
// By path, not through date-fns's index: the index is ~250 ES modules, and loading them all held ~150 MiB of every
// process and thread that imports this file (docs/PERFORMANCE.md, "Memory").
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';
import { nextMonday } from 'date-fns/nextMonday';
import { previousFriday } from 'date-fns/previousFriday';

/**
 * The IFTA filing calendar (docs/ifta-domain.md, "Who files, and when"): which periods a carrier reports, and when each
 * quarter's return is due. Pure: no framework imports, shared with the browser through the `@ifta` alias.
 * Dates are calendar days as ISO text ('2026-11-02'); the arithmetic is date-fns on UTC dates, so the host's own
 * time zone never shifts a day, and "today" for an account comes from its IANA zone through @date-fns/tz.
 */

export type TaxPeriodType = 'quarterly' | 'monthly';

export type ParsedPeriod =
  { kind: 'quarter'; year: number; quarter: number } | { kind: 'month'; year: number; month: number };

/** Periods outside these years are refused as typing mistakes; reports from 2000 on stay valid. */
export const PERIOD_YEAR_RANGE = { min: 2000, max: 2099 } as const;

/** How many periods before the current one the calculator offers (the current one is offered too). */
const PERIODS_BEFORE_CURRENT: Record<TaxPeriodType, number> = { quarterly: 8, monthly: 11 };

/** Days before the due date on which a reminder goes out, earliest first. */
export const REMINDER_DAYS_BEFORE = [14, 3] as const;
/**
 * Days after a due date on which a return still not filed is reminded again: the penalty is due from the first day and
 * interest grows each month, so the reminders go on, further apart, for three months.
 */
export const OVERDUE_REMINDER_DAYS_AFTER = [1, 7, 14, 30, 60, 90] as const;

const QUARTER = /^Q([1-4])-(\d{4})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const inRange = (year: number) => year >= PERIOD_YEAR_RANGE.min && year <= PERIOD_YEAR_RANGE.max;

/** 'Q3-2026' or '2026-07' within PERIOD_YEAR_RANGE; anything else is null. */
export function parsePeriod(text: string): ParsedPeriod | null {
  const quarter = QUARTER.exec(text);
  if (quarter) {
    const year = Number(quarter[2]);
    return inRange(year) ? { kind: 'quarter', year, quarter: Number(quarter[1]) } : null;
  }
  const month = MONTH.exec(text);
  if (month) {
    const year = Number(month[1]);
    return inRange(year) ? { kind: 'month', year, month: Number(month[2]) } : null;
  }
  return null;
}

export const quarterLabel = (year: number, quarter: number): string => `Q${quarter}-${year}`;
const monthLabel = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** A calendar day as a UTC date, for date-fns arithmetic that no local zone can shift. */
function utcDay(iso: string): TZDate {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 'UTC');
}

const isoOf = (date: Date): string => format(date, 'yyyy-MM-dd');
const utc = (year: number, monthIndex: number, day: number) => new TZDate(year, monthIndex, day, 'UTC');

/** The account's calendar day at `now` in its IANA time zone. */
export function todayIn(timeZone: string, now: Date): string {
  return isoOf(new TZDate(now.getTime(), timeZone));
}

/** The quarter holding a calendar day. */
export function quarterOf(iso: string): { year: number; quarter: number } {
  const day = utcDay(iso);
  return { year: day.getFullYear(), quarter: Math.floor(day.getMonth() / 3) + 1 };
}

/** The quarter a period belongs to (a month belongs to the quarter that holds it). */
export function quarterOfPeriod(period: ParsedPeriod): { year: number; quarter: number } {
  return period.kind === 'quarter'
    ? { year: period.year, quarter: period.quarter }
    : { year: period.year, quarter: Math.floor((period.month - 1) / 3) + 1 };
}

/** The n-th (1-based) weekday of a month, or the last one when n is -1. */
function nthWeekday(year: number, monthIndex: number, weekday: number, n: number): TZDate {
  if (n === -1) {
    const last = lastDayOfMonth(utc(year, monthIndex, 1));
    return addDays(last, -((getDay(last) - weekday + 7) % 7));
  }
  const first = utc(year, monthIndex, 1);
  return addDays(first, ((weekday - getDay(first) + 7) % 7) + (n - 1) * 7);
}

/** A fixed-date holiday falling on a weekend is observed on the Friday before or the Monday after (5 U.S.C. 6103). */
function observed(date: TZDate): TZDate {
  const weekday = getDay(date);
  if (weekday === 6) return previousFriday(date);
  if (weekday === 0) return nextMonday(date);
  return date;
}

/** The U.S. federal holidays observed in a year (5 U.S.C. 6103), computed by rule. */
export function federalHolidays(year: number): string[] {
  const days = [
    observed(utc(year, 0, 1)), // New Year's Day
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    ...(year >= 2021 ? [observed(utc(year, 5, 19))] : []), // Juneteenth, a federal holiday since 2021
    observed(utc(year, 6, 4)), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    observed(utc(year, 10, 11)), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
    observed(utc(year, 11, 25)), // Christmas Day
  ];
  // Next year's New Year's Day is observed on Dec 31 when Jan 1 is a Saturday.
  const nextNewYear = observed(utc(year + 1, 0, 1));
  if (nextNewYear.getFullYear() === year) days.push(nextNewYear);
  return days
    .filter((day) => day.getFullYear() === year)
    .map(isoOf)
    .sort();
}

/** Each year's holidays, computed once: every saved report asks for its due date (docs/PERFORMANCE.md). */
const holidaysByYear = new Map<number, ReadonlySet<string>>();
const holidaysOf = (year: number): ReadonlySet<string> => {
  let days = holidaysByYear.get(year);
  if (!days) holidaysByYear.set(year, (days = new Set(federalHolidays(year))));
  return days;
};

function isBusinessDay(iso: string): boolean {
  const day = utcDay(iso);
  const weekday = getDay(day);
  return weekday !== 0 && weekday !== 6 && !holidaysOf(day.getFullYear()).has(iso);
}

/** The day itself when it is a business day, else the next one. */
function nextBusinessDay(iso: string): string {
  let day = iso;
  while (!isBusinessDay(day)) day = isoOf(addDays(utcDay(day), 1));
  return day;
}

/** Each quarter's due date, computed once: every create and save asks for it (0.3 ms of date-fns a time). */
const dueDates = new Map<number, string>();

/** A quarter's return is due the last day of the month after it, moved to the next business day. */
export function quarterDueDate(year: number, quarter: number): string {
  const key = year * 10 + quarter;
  let due = dueDates.get(key);
  if (due === undefined) {
    const monthAfter = utc(year, quarter * 3, 1); // month index quarter*3 is the month after the quarter
    dueDates.set(key, (due = nextBusinessDay(isoOf(lastDayOfMonth(monthAfter)))));
  }
  return due;
}

/** The due date of the return a period belongs to, or null for text that is not a period. */
export function dueDateOf(periodText: string): string | null {
  const period = parsePeriod(periodText);
  if (!period) return null;
  const { year, quarter } = quarterOfPeriod(period);
  return quarterDueDate(year, quarter);
}

/** The quarter `offset` quarters from the given one (negative goes back). */
export function shiftQuarter(year: number, quarter: number, offset: number): { year: number; quarter: number } {
  const index = year * 4 + (quarter - 1) + offset;
  return { year: Math.floor(index / 4), quarter: (index % 4) + 1 };
}

export interface PeriodOptions {
  /** Newest first: the current period and the ones before it. */
  periods: string[];
  /** The last closed period, the one a carrier usually files now. */
  defaultPeriod: string;
}

/** The periods a carrier can pick on `today`: the current one and those before it, newest first. */
export function periodOptions(today: string, type: TaxPeriodType = 'quarterly'): PeriodOptions {
  const day = utcDay(today);
  const periods: string[] = [];
  if (type === 'monthly') {
    for (let back = 0; back <= PERIODS_BEFORE_CURRENT.monthly; back++) {
      const month = addMonths(utc(day.getFullYear(), day.getMonth(), 1), -back);
      periods.push(monthLabel(month.getFullYear(), month.getMonth() + 1));
    }
  } else {
    const current = quarterOf(today);
    for (let back = 0; back <= PERIODS_BEFORE_CURRENT.quarterly; back++) {
      const q = shiftQuarter(current.year, current.quarter, -back);
      periods.push(quarterLabel(q.year, q.quarter));
    }
  }
  return { periods, defaultPeriod: periods[1] };
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000);
}

/** The next return due on or after `today`: its quarter and due date. */
export function nextDueReturn(today: string): { period: string; dueDate: string; daysLeft: number } {
  const current = quarterOf(today);
  for (let offset = -1; ; offset++) {
    const q = shiftQuarter(current.year, current.quarter, offset);
    const dueDate = quarterDueDate(q.year, q.quarter);
    if (dueDate >= today)
      return { period: quarterLabel(q.year, q.quarter), dueDate, daysLeft: daysBetween(today, dueDate) };
  }
}

/** The last `count` closed quarters before `today`'s quarter, newest first. */
export function closedQuarters(today: string, count: number): string[] {
  const current = quarterOf(today);
  return Array.from({ length: count }, (_, index) => {
    const q = shiftQuarter(current.year, current.quarter, -(index + 1));
    return quarterLabel(q.year, q.quarter);
  });
}

/** The day `days` before an ISO date. */
export const daysBefore = (iso: string, days: number): string => isoOf(addDays(utcDay(iso), -days));

/** The same day `months` later (clamped to the month's end, as date-fns addMonths does). */
export const addMonthsIso = (iso: string, months: number): string => isoOf(addMonths(utcDay(iso), months));

export const isIsoDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  return isoOf(utcDay(text)) === text;
};

/** An ISO calendar day in one of the settings' date formats (MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD). */
export function formatIsoDate(iso: string, dateFormat: string): string {
  const [year, month, day] = iso.split('-');
  if (dateFormat === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (dateFormat === 'YYYY-MM-DD') return iso;
  return `${month}/${day}/${year}`;
}
