import { describe, expect, it } from '@jest/globals';
import { lateFiling, lateInterest, latePenalty, monthsLate } from './late-filing.js';

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
