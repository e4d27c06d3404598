import { centsText as cents, Decimal } from './decimal.js';
import { addMonthsIso, daysBefore } from './filing-calendar.js';

/**
 * What filing late costs (docs/ifta-domain.md, "Late returns"): a penalty of the greater of $50 or 10% of the net tax
 * due ($50 even when no tax or a credit is due), and interest on each jurisdiction's tax due for every month or part
 * of a month after the due date, at that year's annual rate / 12. A jurisdiction's "tax due" here is its tax plus its
 * surcharge (IFTA R1220, R1230): `amountsDueByJurisdiction` folds a return's lines into those amounts. Exact
 * decimals (decimal.js), rounded half away from zero to cents only at the end of each amount. Pure, shared with the
 * browser.
 */

/** The late-filing penalty (IFTA R1220): the greater of $50 or 10% of the net tax due. */
export const MINIMUM_PENALTY = '50';
export const PENALTY_SHARE = '0.1';

/** Annual interest rates by year as decimal fractions ('0.09' for 9%); a year that is absent has no known rate. */
export type AnnualRates = Readonly<Record<number, string>>;

/**
 * An annual rate in force from `from` to `to` (ISO dates, both included), as IFTA's rates are published: by period,
 * and a period may start inside a year (12% a year until 30 June 2013, 5% from 1 July 2013).
 */
export interface InterestRatePeriod {
  from: string;
  to: string;
  /** A decimal fraction: '0.05' is 5% a year. */
  annualRate: string;
}

/** The interest table: periods, or (the older form) one rate per calendar year. */
export type InterestRates = AnnualRates | readonly InterestRatePeriod[];

/**
 * The annual rate in force on `date`, or undefined when no period covers it (never guessed). Where periods overlap
 * the one that starts last wins: it is the newer publication.
 */
export function annualRateOn(rates: InterestRates, date: string): string | undefined {
  if (!Array.isArray(rates)) return (rates as AnnualRates)[Number(date.slice(0, 4))];
  let found: InterestRatePeriod | undefined;
  for (const period of rates as readonly InterestRatePeriod[]) {
    if (period.from <= date && date <= period.to && (!found || period.from > found.from)) found = period;
  }
  return found?.annualRate;
}

export interface LateFilingInput {
  /** The return's due date, ISO. */
  dueDate: string;
  /** The day the return was filed, ISO. */
  filedAt: string;
  /** Each jurisdiction's tax plus surcharge due (amountsDueByJurisdiction); negative is a credit and bears no interest. */
  jurisdictionTaxDue: ReadonlyArray<number | string>;
  annualRates: InterestRates;
}

export interface LateFiling {
  late: boolean;
  /** Months or part months late. */
  months: number;
  /** Cents as text ('50.00'); null when not late. */
  penalty: string | null;
  /** Cents as text; null when not late or when a year's rate is missing. */
  interest: string | null;
  /** Years of the months whose annual rate the interest needs but the table lacks. */
  missingRateYears: number[];
}

/** A line of a return as penalty and interest read it: its jurisdiction and what it owes. */
export interface JurisdictionDueLine {
  code: string;
  taxDue: number | string;
  surchargeDue?: number | string | null;
}

/**
 * Each jurisdiction's amount due, in the order jurisdictions first appear: tax plus surcharge summed over its lines
 * (one per fuel type), exactly. A credit in one fuel offsets tax of another in the same jurisdiction, as the
 * return's jurisdiction summary nets them; the surcharge is part of the amount (IFTA R1220, R1230).
 */
export function amountsDueByJurisdiction(lines: readonly JurisdictionDueLine[]): string[] {
  const byCode = new Map<string, Decimal>();
  for (const line of lines) {
    const code = line.code.trim().toUpperCase();
    const due = new Decimal(line.taxDue || 0).plus(line.surchargeDue || 0);
    byCode.set(code, (byCode.get(code) ?? new Decimal(0)).plus(due));
  }
  return [...byCode.values()].map((due) => due.toFixed());
}

/**
 * What the return pays: tax and surcharges due (the return's total, negative for a credit) plus the late penalty and
 * interest, exactly, as cents text. A missing penalty or interest (on time, or a rate unknown) adds nothing. An
 * amended return names `previousDue`, the total due of the return it supersedes, which was already paid: it pays
 * the difference only (amendment-billing.ts), and a negative result is a credit to claim.
 */
export function totalToRemit(
  totalDue: number | string,
  penalty?: number | string | null,
  interest?: number | string | null,
  previousDue?: number | string | null,
): string {
  return cents(
    new Decimal(totalDue || 0)
      .minus(previousDue ?? 0)
      .plus(penalty ?? 0)
      .plus(interest ?? 0),
  );
}

/** Months or part months from the day after `dueDate` up to `filedAt` (0 when filed on or before the due date). */
export function monthsLate(dueDate: string, filedAt: string): number {
  if (filedAt <= dueDate) return 0;
  let months = 1;
  while (addMonthsIso(dueDate, months) < filedAt) months += 1;
  return months;
}

/** The greater of $50 or 10% of the net tax due; a credit or zero is $50. */
export function latePenalty(netTaxDue: number | string): string {
  const share = new Decimal(netTaxDue).times(PENALTY_SHARE);
  return cents(Decimal.max(MINIMUM_PENALTY, share));
}

/**
 * Interest per jurisdiction with tax due: for month k (1-based) the rate is the annual rate in force on the day that
 * month begins (the day after due date + k-1 months), divided by 12. The months' annual rates are summed exactly and
 * divided by 12 once, inside each jurisdiction's amount, which is then rounded once: a twelfth of 10% has no finite
 * decimal, so summing rounded twelfths lands a hair below an exact half cent (Q2-2024 filed 2025-02-15, $1,000.50:
 * 1,000.50 x (5 x 10% + 2 x 9%) / 12 = 56.695 exactly, $56.70, where rounded twelfths gave $56.69).
 */
export function lateInterest(
  dueDate: string,
  filedAt: string,
  jurisdictionTaxDue: ReadonlyArray<number | string>,
  annualRates: InterestRates,
): { interest: string | null; missingRateYears: number[] } {
  const months = monthsLate(dueDate, filedAt);
  let annualSum = new Decimal(0);
  const missing = new Set<number>();
  for (let k = 1; k <= months; k++) {
    const start = daysBefore(addMonthsIso(dueDate, k - 1), -1);
    const annual = annualRateOn(annualRates, start);
    if (annual === undefined) missing.add(Number(start.slice(0, 4)));
    else annualSum = annualSum.plus(annual);
  }
  if (missing.size > 0) return { interest: null, missingRateYears: [...missing].sort((a, b) => a - b) };
  // due x annualSum is an exact short decimal; the one division by 12 comes last, at 50 significant digits, and a
  // quotient with a third in it never rounds onto a half cent, so the tie is decided on the exact value.
  const total = jurisdictionTaxDue
    .map((due) => new Decimal(due))
    .filter((due) => due.greaterThan(0))
    .reduce(
      (sum, due) => sum.plus(due.times(annualSum).dividedBy(12).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
      new Decimal(0),
    );
  return { interest: cents(total), missingRateYears: [] };
}

/** Penalty and interest of a return filed on `filedAt`; all null when it was on time. */
export function lateFiling(input: LateFilingInput): LateFiling {
  const months = monthsLate(input.dueDate, input.filedAt);
  if (months === 0) return { late: false, months: 0, penalty: null, interest: null, missingRateYears: [] };
  const net = input.jurisdictionTaxDue.reduce<Decimal>((sum, due) => sum.plus(due), new Decimal(0));
  const { interest, missingRateYears } = lateInterest(
    input.dueDate,
    input.filedAt,
    input.jurisdictionTaxDue,
    input.annualRates,
  );
  return { late: true, months, penalty: latePenalty(net.toString()), interest, missingRateYears };
}
