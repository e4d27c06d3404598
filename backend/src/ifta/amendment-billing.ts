import { centsText as cents, Decimal } from './decimal.js';
import { type InterestRates, lateInterest, MINIMUM_PENALTY, monthsLate, PENALTY_SHARE } from './late-filing.js';

/**
 * What an amended return bills (docs/ifta-domain.md, "Amended returns"): the return of record was paid, so the
 * amendment owes, or claims, only the difference from the return it supersedes, per jurisdiction and fuel type and in
 * total. Late charges fall on the addition only:
 *
 * - Interest (R1230): on each jurisdiction's additional tax plus surcharge (netted over fuel types, as the return's
 *   jurisdiction summary nets them), per month or part month from the return's original due date to the day the
 *   amendment is filed. A jurisdiction whose amount falls is a credit and bears none.
 * - Penalty (R1220), the reading "penalty on the late addition, $50 once per return": an amendment owes a penalty only
 *   when it adds net tax and is filed after the due date; it is the greater of $50 or 10% of the additional net tax
 *   due, except that the $50 minimum is charged once per return: when an earlier filing of the return (a late
 *   original, an earlier amendment) already bore a penalty, the amendment's penalty is 10% of its addition alone.
 *   An amendment filed late that adds nothing owes $0.00 of penalty.
 *
 * Exact decimals, rounded half away from zero to cents at the end of each amount. Pure, shared with the browser.
 */

/** A line of a return as the difference reads it. */
export interface AmendmentLine {
  code: string;
  fuelType: string;
  taxDue: number | string;
  surchargeDue?: number | string | null;
  /** Taxable gallons (the specification's "gallons consumed"). */
  taxableGallons: number | string;
}

/** A difference in a return's figures: the amendment's less the superseded return's (negative: less than before). */
export interface AmendmentDifference {
  taxDue: string;
  surchargeDue: string;
  taxableGallons: string;
  /** Tax plus surcharge. */
  totalDue: string;
}

export interface JurisdictionDifference extends AmendmentDifference {
  code: string;
  fuelType: string;
}

export interface AmendmentBillingInput {
  /** The return's original due date, ISO; null when its period has none (then nothing is late). */
  dueDate: string | null;
  /** The day the amendment was filed, ISO. */
  filedAt: string | null;
  lines: readonly AmendmentLine[];
  /** The lines of the return it supersedes. */
  previousLines: readonly AmendmentLine[];
  /** An earlier filing of the same return already bore a penalty (its $50 minimum is not charged again). */
  penaltyCharged: boolean;
  annualRates: InterestRates;
}

export interface AmendmentBilling {
  /** Per jurisdiction and fuel type, in the order the amendment's lines name them, then those it no longer has. */
  jurisdictions: JurisdictionDifference[];
  totals: AmendmentDifference;
  late: boolean;
  /** Cents as text; null when filed on or before the due date. */
  penalty: string | null;
  /** Cents as text; null when filed on or before the due date or when a month's rate is missing. */
  interest: string | null;
  missingRateYears: number[];
}

interface Sums {
  code: string;
  fuelType: string;
  tax: Decimal;
  surcharge: Decimal;
  gallons: Decimal;
}

function sumsByJurisdiction(lines: readonly AmendmentLine[], sign: 1 | -1, into: Map<string, Sums>): void {
  for (const line of lines) {
    const code = line.code.trim().toUpperCase();
    const key = `${code}|${line.fuelType}`;
    const sums = into.get(key) ?? {
      code,
      fuelType: line.fuelType,
      tax: new Decimal(0),
      surcharge: new Decimal(0),
      gallons: new Decimal(0),
    };
    sums.tax = sums.tax.plus(new Decimal(line.taxDue || 0).times(sign));
    sums.surcharge = sums.surcharge.plus(new Decimal(line.surchargeDue || 0).times(sign));
    sums.gallons = sums.gallons.plus(new Decimal(line.taxableGallons || 0).times(sign));
    into.set(key, sums);
  }
}

const difference = (tax: Decimal, surcharge: Decimal, gallons: Decimal): AmendmentDifference => ({
  taxDue: tax.toFixed(),
  surchargeDue: surcharge.toFixed(),
  taxableGallons: gallons.toFixed(),
  totalDue: tax.plus(surcharge).toFixed(),
});

/** The amendment's differences from the return it supersedes, and its penalty and interest on the addition. */
export function amendmentBilling(input: AmendmentBillingInput): AmendmentBilling {
  const byJurisdiction = new Map<string, Sums>();
  sumsByJurisdiction(input.lines, 1, byJurisdiction);
  sumsByJurisdiction(input.previousLines, -1, byJurisdiction);
  const jurisdictions = [...byJurisdiction.values()].map((sums) => ({
    code: sums.code,
    fuelType: sums.fuelType,
    ...difference(sums.tax, sums.surcharge, sums.gallons),
  }));
  const zero = new Decimal(0);
  const all = [...byJurisdiction.values()];
  const totalTax = all.reduce((sum, sums) => sum.plus(sums.tax), zero);
  const totalSurcharge = all.reduce((sum, sums) => sum.plus(sums.surcharge), zero);
  const totalGallons = all.reduce((sum, sums) => sum.plus(sums.gallons), zero);
  const totals = difference(totalTax, totalSurcharge, totalGallons);
  const onTime = { jurisdictions, totals, late: false, penalty: null, interest: null, missingRateYears: [] };
  if (!input.dueDate || !input.filedAt || monthsLate(input.dueDate, input.filedAt) === 0) return onTime;

  // Interest is per jurisdiction, its fuel types netted; each jurisdiction's addition bears it, a credit none.
  const byCode = new Map<string, Decimal>();
  for (const sums of all) byCode.set(sums.code, (byCode.get(sums.code) ?? zero).plus(sums.tax).plus(sums.surcharge));
  const { interest, missingRateYears } = lateInterest(
    input.dueDate,
    input.filedAt,
    [...byCode.values()].map((due) => due.toFixed()),
    input.annualRates,
  );
  const addition = totalTax.plus(totalSurcharge);
  let penalty = zero;
  if (addition.greaterThan(0)) {
    const share = addition.times(PENALTY_SHARE);
    penalty = input.penaltyCharged ? share : Decimal.max(MINIMUM_PENALTY, share);
  }
  return { jurisdictions, totals, late: true, penalty: cents(penalty), interest, missingRateYears };
}
