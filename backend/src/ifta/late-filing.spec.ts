import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { calculateOfficialSchedule } from './official.js';
import {
  amountsDueByJurisdiction,
  annualRateOn,
  lateFiling,
  lateInterest,
  latePenalty,
  monthsLate,
  totalToRemit,
} from './late-filing.js';

const RATES = { 2025: '0.09', 2026: '0.12', 2027: '0.06' };

describe('latePenalty', () => {
  it('is $50 when no tax is due or a credit is due', () => {
    expect(latePenalty(0)).toBe('50.00');
    expect(latePenalty(-1234.56)).toBe('50.00');
  });

  it('is $50 when 10% of a small tax due is less', () => {
    expect(latePenalty(120.4)).toBe('50.00');
    expect(latePenalty('499.99')).toBe('50.00');
  });

  it('is 10% of a large tax due, exact to the cent', () => {
    expect(latePenalty('12345.67')).toBe('1234.57');
    expect(latePenalty('500.05')).toBe('50.01'); // 50.005 rounds half away from zero
  });
});

describe('monthsLate', () => {
  it('counts a month or part of one after the due date', () => {
    expect(monthsLate('2026-04-30', '2026-04-30')).toBe(0);
    expect(monthsLate('2026-04-30', '2026-05-01')).toBe(1); // one day: a part month
    expect(monthsLate('2026-04-30', '2026-05-30')).toBe(1); // a whole month
    expect(monthsLate('2026-04-30', '2026-05-31')).toBe(2);
    expect(monthsLate('2026-04-30', '2026-06-15')).toBe(2);
  });
});

describe('lateInterest', () => {
  it('charges one month at the annual rate / 12 on each jurisdiction with tax due', () => {
    // 1000 x 0.12 / 12 = 10.00; the credit row bears no interest.
    expect(lateInterest('2026-04-30', '2026-05-20', [1000, -300], RATES)).toEqual({
      interest: '10.00',
      missingRateYears: [],
    });
  });

  it('charges two months, each jurisdiction rounded to the cent', () => {
    // 58.00 x 0.02 = 1.16; 33.33 x 0.02 = 0.6666 -> 0.67
    expect(lateInterest('2026-04-30', '2026-06-15', [58, '33.33'], RATES).interest).toBe('1.83');
  });

  it('charges a part month as a whole one', () => {
    expect(lateInterest('2026-04-30', '2026-05-01', [1200], RATES).interest).toBe('12.00');
  });

  it("uses each month's own year across a year boundary", () => {
    // Q3-2026 due 2026-11-02, filed 2027-01-15: months from Nov 3 and Dec 3 (2026, 1% each) and Jan 3 (2027, 0.5%).
    expect(lateInterest('2026-11-02', '2027-01-15', [1000], RATES).interest).toBe('25.00');
  });

  it('is missing, never guessed, when a year has no rate', () => {
    expect(lateInterest('2027-11-01', '2028-01-05', [1000], RATES)).toEqual({
      interest: null,
      missingRateYears: [2028],
    });
  });
});

describe('lateFiling', () => {
  it('is all null when filed on time', () => {
    expect(
      lateFiling({ dueDate: '2026-04-30', filedAt: '2026-04-30', jurisdictionTaxDue: [100], annualRates: RATES }),
    ).toEqual({ late: false, months: 0, penalty: null, interest: null, missingRateYears: [] });
  });

  it('charges the penalty on the net tax due and interest on the rows with tax due', () => {
    const result = lateFiling({
      dueDate: '2026-04-30',
      filedAt: '2026-06-15',
      jurisdictionTaxDue: [5000, -1000],
      annualRates: RATES,
    });
    expect(result).toEqual({ late: true, months: 2, penalty: '400.00', interest: '100.00', missingRateYears: [] });
  });
});

describe('interest by period (a rate may change inside a year)', () => {
  const PERIODS = [
    { from: '2013-01-01', to: '2013-06-30', annualRate: '0.12' },
    { from: '2013-07-01', to: '2016-12-31', annualRate: '0.05' },
    { from: '2017-01-01', to: '2017-12-31', annualRate: '0.06' },
  ];

  it("charges Washington's $100 one month late at 5% a year $0.42", () => {
    // 100 x 0.05 / 12 = 0.4166...
    expect(lateInterest('2015-01-31', '2015-02-20', [100], PERIODS)).toEqual({
      interest: '0.42',
      missingRateYears: [],
    });
  });

  it('takes each month at the rate in force on the day it starts, across the 1 July 2013 change', () => {
    // Due 2013-04-30, filed 2013-08-10: months start 05-01 and 05-31 (12%), 07-01 and 07-31 (5%):
    // 1,000 x (0.12 + 0.12 + 0.05 + 0.05) / 12 = 28.333... -> 28.33.
    expect(lateInterest('2013-04-30', '2013-08-10', [1000], PERIODS).interest).toBe('28.33');
    // A month that starts on 30 June 2013 is still at 12%: due 2013-05-29, one month.
    expect(lateInterest('2013-05-29', '2013-06-15', [1200], PERIODS).interest).toBe('12.00');
  });

  it('charges 5% a year through 2014-2016 and changes to the next period on 1 January 2017', () => {
    // 36 months from 2014-01-01 at 5%: 1,200 x 0.05 x 3 = 180.00.
    expect(lateInterest('2013-12-31', '2016-12-31', [1200], PERIODS).interest).toBe('180.00');
    // Months starting 2016-12-01 and 2016-12-31 (5%), then 2017-01-31 (6%): 1,200 x 0.16 / 12 = 16.00.
    expect(lateInterest('2016-11-30', '2017-02-15', [1200], PERIODS).interest).toBe('16.00');
  });

  it('flags a month no period covers instead of guessing its rate', () => {
    // Months starting 2017-12-01, 2017-12-31 and 2018-01-31: no period covers the last.
    expect(lateInterest('2017-11-30', '2018-02-10', [1200], PERIODS)).toEqual({
      interest: null,
      missingRateYears: [2018],
    });
    expect(annualRateOn(PERIODS, '2012-12-31')).toBeUndefined();
  });

  it('lets a later-starting period win where two overlap', () => {
    const overlapping = [...PERIODS, { from: '2014-01-01', to: '2014-12-31', annualRate: '0.07' }];
    expect(annualRateOn(overlapping, '2014-06-01')).toBe('0.07');
    expect(annualRateOn(overlapping, '2015-06-01')).toBe('0.05');
  });
});

describe('penalty and interest on tax plus surcharge (IFTA R1220, R1230)', () => {
  // Q3-2025, due 2025-10-31, filed 2025-12-15: two months late at 9% / 12 = 0.75% a month.
  const schedule = calculateOfficialSchedule([
    {
      name: 'KY',
      totalMiles: 120000,
      taxableMiles: 120000,
      gallonsPurchased: 2000,
      taxRate: 0.22,
      surchargeRate: 0.105,
    },
    {
      name: 'VA',
      totalMiles: 60000,
      taxableMiles: 60000,
      gallonsPurchased: 3000,
      taxRate: 0.327,
      surchargeRate: 0.143,
    },
    { name: 'TN', totalMiles: 40000, taxableMiles: 40000, gallonsPurchased: 9000, taxRate: 0.27 },
  ]);
  const lines = schedule.rows.map((row) => ({
    code: row.name,
    taxDue: row.official.taxDue,
    surchargeDue: row.official.surchargeDue,
  }));

  it('charges $111.37 penalty and $42.85 interest on the KY/VA/TN return, where tax alone gave $50.00 and $22.63', () => {
    // Fleet MPG 220,000 / 14,000 = 15.71. KY 7,638 gal: tax 5,638 x 0.22 = 1,240.36, surcharge 7,638 x 0.105 =
    // 801.99; VA 3,819 gal: tax 819 x 0.327 = 267.81, surcharge 3,819 x 0.143 = 546.12; TN 2,546 gal: tax
    // -6,454 x 0.27 = -1,742.58. Due per jurisdiction: 2,042.35, 813.93, -1,742.58; net 1,113.70.
    expect(schedule.fleetMpg).toBe(15.71);
    const due = amountsDueByJurisdiction(lines);
    expect(due).toEqual(['2042.35', '813.93', '-1742.58']);
    const late = lateFiling({
      dueDate: '2025-10-31',
      filedAt: '2025-12-15',
      jurisdictionTaxDue: due,
      annualRates: { 2025: '0.09' },
    });
    // 10% of 1,113.70 = 111.37 > $50; interest 2,042.35 x 1.5% = 30.64 and 813.93 x 1.5% = 12.21.
    expect(late).toMatchObject({ months: 2, penalty: '111.37', interest: '42.85' });
    const taxOnly = lateFiling({
      dueDate: '2025-10-31',
      filedAt: '2025-12-15',
      jurisdictionTaxDue: lines.map((line) => line.taxDue),
      annualRates: { 2025: '0.09' },
    });
    expect(taxOnly).toMatchObject({ penalty: '50.00', interest: '22.63' });
    // Total to remit: 1,113.70 + 111.37 + 42.85.
    expect(totalToRemit(schedule.totals.totalDue, late.penalty, late.interest)).toBe('1267.92');
  });

  it("nets one jurisdiction's lines of several fuels into one amount", () => {
    expect(
      amountsDueByJurisdiction([
        { code: 'ky', taxDue: 10.1, surchargeDue: 0.2 },
        { code: 'TX', taxDue: -5 },
        { code: 'KY', taxDue: '-3.3', surchargeDue: '0.1' },
      ]),
    ).toEqual(['7.1', '-5']);
  });

  it('adds nothing for a return filed on time', () => {
    expect(totalToRemit(-26.78, null, null)).toBe('-26.78');
    expect(totalToRemit('0.1', '0.2')).toBe('0.30');
  });
});

describe('interest at an exact half-cent tie when the annual rate changes during the lateness', () => {
  // IFTA's yearly rates (docs/ifta-domain.md): 2018 6%, 2019 7%, 2024 10%, 2025 9%.
  const YEARLY = [
    { from: '2018-01-01', to: '2018-12-31', annualRate: '0.06' },
    { from: '2019-01-01', to: '2019-12-31', annualRate: '0.07' },
    { from: '2024-01-01', to: '2024-12-31', annualRate: '0.10' },
    { from: '2025-01-01', to: '2025-12-31', annualRate: '0.09' },
  ];

  /**
   * The exact interest in cents, rounded once half away from zero, in integers: due (cents) x the months' annual
   * rates summed (whole percents) / 100 / 12, i.e. the fraction due x percents / 1200, rounded.
   */
  const exactCents = (dueCents: bigint, percents: readonly bigint[]): string => {
    const numerator = dueCents * percents.reduce((sum, p) => sum + p, 0n);
    const rounded = (2n * numerator + 1200n) / 2400n; // floor(n/1200 + 1/2): half away from zero for n >= 0
    return `${rounded / 100n}.${String(rounded % 100n).padStart(2, '0')}`;
  };

  it("rounds Washington's $1,000.50 on a Q2-2024 return filed 2025-02-15 once, from the exact 56.695, to $56.70", () => {
    // Due 2024-07-31, seven months or part months: they start 08-01, 09-01, 10-01, 11-01, 12-01 (2024: 10%) and
    // 2025-01-01, 2025-02-01 (9%). 100,050 cents x (5 x 10 + 2 x 9) / 1200 = 6,803,400 / 1200 = 5,669.5 cents: an
    // exact half cent, so $56.70. Summing rounded twelfths (0.1/12 = 0.008333...) lands a hair under it: $56.69.
    const expected = exactCents(100050n, [10n, 10n, 10n, 10n, 10n, 9n, 9n]);
    expect(expected).toBe('56.70');
    expect(lateInterest('2024-07-31', '2025-02-15', ['1000.50'], YEARLY)).toEqual({
      interest: expected,
      missingRateYears: [],
    });
    // The yearly form of the table gives the same.
    expect(lateInterest('2024-07-31', '2025-02-15', [1000.5], { 2024: '0.10', 2025: '0.09' }).interest).toBe(expected);
  });

  it('rounds $1,005.00 due on a Q3-2018 return filed 2019-02-10 from the exact 21.775 to $21.78', () => {
    // Due 2018-10-31, four months: they start 2018-11-01, 2018-12-01 (6%), 2019-01-01, 2019-02-01 (7%).
    // 100,500 cents x (2 x 6 + 2 x 7) / 1200 = 2,613,000 / 1200 = 2,177.5 cents: a tie, $21.78 (rounded twelfths of
    // 7% gave $21.77).
    const expected = exactCents(100500n, [6n, 6n, 7n, 7n]);
    expect(expected).toBe('21.78');
    expect(lateInterest('2018-10-31', '2019-02-10', ['1005.00'], YEARLY)).toEqual({
      interest: expected,
      missingRateYears: [],
    });
  });

  it('rounds each jurisdiction once and adds the cents', () => {
    // Two jurisdictions of $1,005.00 each: 2,177.5 cents -> 2,178 each, 43.56 in all; rounding the sum of the exact
    // amounts (4,355 cents) would say 43.55, and rounded twelfths 2 x 21.77 = 43.54.
    const each = BigInt(exactCents(100500n, [6n, 6n, 7n, 7n]).replace('.', ''));
    expect(lateInterest('2018-10-31', '2019-02-10', ['1005.00', '1005.00'], YEARLY).interest).toBe(
      (Number(2n * each) / 100).toFixed(2),
    );
  });
});

describe('interest against an independent exact reading, on random late returns 2017-2025', () => {
  /** IFTA's yearly rates in whole percents (docs/ifta-domain.md). */
  const PERCENTS: Record<number, bigint> = {
    2017: 6n,
    2018: 6n,
    2019: 7n,
    2020: 7n,
    2021: 5n,
    2022: 5n,
    2023: 8n,
    2024: 10n,
    2025: 9n,
  };
  const TABLE = Object.fromEntries(
    Object.entries(PERCENTS).map(([year, p]) => [year, `0.${String(p).padStart(2, '0')}`]),
  );

  /** [year, month 1-12, day] as a comparable number. */
  const key = ([y, m, d]: readonly number[]) => y * 10000 + m * 100 + d;
  const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  /** The same day k months on, clamped to the month's end, counted from the due date itself. */
  const plusMonths = ([y, m, d]: readonly number[], k: number) => {
    const index = y * 12 + (m - 1) + k;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    return [year, month, Math.min(d, daysIn(year, month))];
  };
  const nextDay = ([y, m, d]: readonly number[]) =>
    d < daysIn(y, m) ? [y, m, d + 1] : m < 12 ? [y, m + 1, 1] : [y + 1, 1, 1];
  const iso = ([y, m, d]: readonly number[]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

  /** Cents of interest: per jurisdiction owing, dueCents x (sum of month percents) / 1200 rounded half up, summed. */
  function reference(due: readonly number[], filed: readonly number[], amounts: readonly bigint[]): string {
    let percents = 0n;
    for (let k = 0; key(plusMonths(due, k)) < key(filed); k += 1) percents += PERCENTS[nextDay(plusMonths(due, k))[0]];
    const cents = amounts
      .filter((amount) => amount > 0n)
      .reduce((sum, amount) => sum + (2n * amount * percents + 1200n) / 2400n, 0n);
    return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  }

  it('agrees to the cent on 3,000 returns, ties and rate changes during the lateness included', () => {
    const DUE = [
      [4, 30],
      [7, 31],
      [10, 31],
      [1, 31],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 2017, max: 2024 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 420 }),
        fc.array(fc.integer({ min: -5_000_000, max: 50_000_000 }), { minLength: 1, maxLength: 4 }),
        (year, quarter, lateDays, cents) => {
          const [month, day] = DUE[quarter];
          const due = [quarter === 3 ? year + 1 : year, month, day];
          let filed = due;
          for (let i = 0; i < lateDays; i += 1) filed = nextDay(filed);
          fc.pre(filed[0] <= 2025);
          const amounts = cents.map((c) => BigInt(c));
          const text = amounts.map(
            (c) =>
              `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`,
          );
          expect(lateInterest(iso(due), iso(filed), text, TABLE).interest).toBe(reference(due, filed, amounts));
        },
      ),
      { numRuns: 3000, seed: 20260401 },
    );
  });
});
