import { describe, expect, it } from '@jest/globals';
import {
  closedQuarters,
  dueDateOf,
  federalHolidays,
  formatIsoDate,
  isIsoDate,
  nextDueReturn,
  parsePeriod,
  periodOptions,
  quarterDueDate,
  todayIn,
} from './filing-calendar.js';

describe('quarterDueDate', () => {
  // Each due date checked against a wall calendar: the last day of the month after the quarter, or the next
  // business day when that is a Saturday or Sunday.
  const expected: Record<number, [string, string, string, string]> = {
    2024: ['2024-04-30', '2024-07-31', '2024-10-31', '2025-01-31'],
    2025: ['2025-04-30', '2025-07-31', '2025-10-31', '2026-02-02'], // 2026-01-31 is a Saturday
    2026: ['2026-04-30', '2026-07-31', '2026-11-02', '2027-02-01'], // 2026-10-31 Sat, 2027-01-31 Sun
    2027: ['2027-04-30', '2027-08-02', '2027-11-01', '2028-01-31'], // 2027-07-31 Sat, 2027-10-31 Sun
    2028: ['2028-05-01', '2028-07-31', '2028-10-31', '2029-01-31'], // 2028-04-30 Sun
    2029: ['2029-04-30', '2029-07-31', '2029-10-31', '2030-01-31'],
    2030: ['2030-04-30', '2030-07-31', '2030-10-31', '2031-01-31'],
  };
  for (const [year, dates] of Object.entries(expected)) {
    it(`gives ${year}'s four due dates: ${dates.join(', ')}`, () => {
      expect([1, 2, 3, 4].map((q) => quarterDueDate(Number(year), q))).toEqual(dates);
    });
  }

  it('moves 3Q2026 (October 31 is a Saturday) to Monday 2026-11-02', () => {
    expect(dueDateOf('Q3-2026')).toBe('2026-11-02');
  });

  it('gives a month the due date of its quarter', () => {
    expect(dueDateOf('2026-08')).toBe('2026-11-02');
    expect(dueDateOf('2026-12')).toBe('2027-02-01');
  });

  it('has no due date for text that is not a period', () => {
    expect(dueDateOf('')).toBeNull();
    expect(dueDateOf('Q5-2026')).toBeNull();
  });
});

describe('federalHolidays', () => {
  it('computes 2026 by rule, with Independence Day (a Saturday) observed on Friday July 3', () => {
    expect(federalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it("observes a Saturday New Year's Day on the Friday before, in the old year (2022-01-01 -> 2021-12-31)", () => {
    expect(federalHolidays(2021)).toContain('2021-12-31');
    expect(federalHolidays(2022)).not.toContain('2022-01-01');
  });

  it('observes a Sunday Christmas on Monday (2022-12-25 -> 2022-12-26) and has no Juneteenth before 2021', () => {
    expect(federalHolidays(2022)).toContain('2022-12-26');
    expect(federalHolidays(2020).some((day) => day.endsWith('-06-19'))).toBe(false);
  });
});

describe('periods', () => {
  it('offers the current quarter and the eight before it, newest first, defaulting to the last closed one', () => {
    expect(periodOptions('2026-11-23')).toEqual({
      periods: ['Q4-2026', 'Q3-2026', 'Q2-2026', 'Q1-2026', 'Q4-2025', 'Q3-2025', 'Q2-2025', 'Q1-2025', 'Q4-2024'],
      defaultPeriod: 'Q3-2026',
    });
  });

  it('offers months for a monthly account: this one and the eleven before, defaulting to last month', () => {
    const { periods, defaultPeriod } = periodOptions('2026-01-05', 'monthly');
    expect(periods).toHaveLength(12);
    expect(periods.slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(periods.at(-1)).toBe('2025-02');
    expect(defaultPeriod).toBe('2025-12');
  });

  it('reads Qn-YYYY and YYYY-MM within 2000-2099 and refuses the rest', () => {
    expect(parsePeriod('Q3-2026')).toEqual({ kind: 'quarter', year: 2026, quarter: 3 });
    expect(parsePeriod('2026-07')).toEqual({ kind: 'month', year: 2026, month: 7 });
    for (const bad of ['Q0-2026', 'Q5-2026', 'Q1-1999', 'Q1-2100', '2026-13', '2026-00', '3Q2026', ' Q1-2026']) {
      expect(parsePeriod(bad)).toBeNull();
    }
  });

  it('names the next return due and the days left, and the last four closed quarters', () => {
    expect(nextDueReturn('2026-11-23')).toEqual({ period: 'Q4-2026', dueDate: '2027-02-01', daysLeft: 70 });
    expect(nextDueReturn('2026-10-20')).toEqual({ period: 'Q3-2026', dueDate: '2026-11-02', daysLeft: 13 });
    expect(nextDueReturn('2026-11-02')).toEqual({ period: 'Q3-2026', dueDate: '2026-11-02', daysLeft: 0 });
    expect(closedQuarters('2026-11-23', 4)).toEqual(['Q3-2026', 'Q2-2026', 'Q1-2026', 'Q4-2025']);
  });

  it("reads today's date in the account's time zone", () => {
    const instant = new Date('2026-12-01T03:00:00Z'); // 22:00 on Nov 30 in New York
    expect(todayIn('America/New_York', instant)).toBe('2026-11-30');
    expect(todayIn('UTC', instant)).toBe('2026-12-01');
  });

  it('accepts only real ISO calendar days', () => {
    expect(isIsoDate('2026-06-15')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('15/06/2026')).toBe(false);
  });
});

describe('formatIsoDate', () => {
  it('writes a day in each of the settings date formats', () => {
    expect(formatIsoDate('2026-11-02', 'MM/DD/YYYY')).toBe('11/02/2026');
    expect(formatIsoDate('2026-11-02', 'DD/MM/YYYY')).toBe('02/11/2026');
    expect(formatIsoDate('2026-11-02', 'YYYY-MM-DD')).toBe('2026-11-02');
  });
});
