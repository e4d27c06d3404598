import { dueDateOf } from '@ifta/filing-calendar';
import { addExactly } from '@ifta/decimal';
import { amountsDueByJurisdiction, type InterestRatePeriod, lateFiling, totalToRemit } from '@ifta/late-filing';

/** What saving a final return today adds when it is late. */
export interface LateWarning {
  dueDate: string;
  penalty: number;
  /** null when a month's annual rate is not on record. */
  interest: number | null;
  /** Tax and surcharges + penalty + interest; null with the interest unknown. */
  totalToRemit: number | null;
}

/** One line of the return as penalty and interest read it. */
export interface DueLine {
  code: string;
  taxDue: number;
  surchargeDue: number;
}

/**
 * The late penalty and interest a final saved `today` for `period` would carry, computed by the same shared module
 * the server files it with (the interest table comes with the filing calendar), or null when it is on time or the
 * period has no due date.
 */
export function lateWarning(
  period: string,
  today: string,
  lines: readonly DueLine[],
  interestRates: readonly InterestRatePeriod[],
): LateWarning | null {
  const dueDate = dueDateOf(period);
  if (!dueDate || today <= dueDate) return null;
  const amounts = amountsDueByJurisdiction(lines);
  const late = lateFiling({ dueDate, filedAt: today, jurisdictionTaxDue: amounts, annualRates: interestRates });
  if (late.penalty === null) return null;
  const taxDue = amounts.reduce<number>((sum, amount) => addExactly(sum, amount), 0);
  return {
    dueDate,
    penalty: Number(late.penalty),
    interest: late.interest === null ? null : Number(late.interest),
    totalToRemit: late.interest === null ? null : Number(totalToRemit(taxDue, late.penalty, late.interest)),
  };
}
