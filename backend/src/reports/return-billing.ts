import type { EntityManager } from 'typeorm';
import {
  type AmendmentDifference,
  amendmentBilling,
  amountsDueByJurisdiction,
  type InterestRates,
  lateFiling,
} from '../ifta/index.js';

/** One difference as stored in `amendment_difference` and sent by the API: US$ and gallons as JSON numbers. */
export interface DifferenceJson {
  tax: number;
  surcharge: number;
  taxable_gallons: number;
  /** Tax plus surcharge. */
  total_due: number;
}

/** What an amended return carries of the final it supersedes (migration AmendmentBilling). */
export interface AmendmentDifferenceJson {
  /** The superseded final's total due (tax plus surcharges), already paid. */
  previous_total_due: number;
  totals: DifferenceJson;
  jurisdictions: Array<DifferenceJson & { code: string; fuel_type: string }>;
}

interface FinalRow {
  id: string;
  amends_id: string | null;
  due_date: string | null;
  filed_at: string | null;
  tax_due: string;
  penalty: string | null;
  interest: string | null;
  interest_rate_missing: boolean;
  previous_due: string | null;
}

interface LineRow {
  report_id: string;
  code: string;
  fuel_type: string;
  tax_due: string;
  surcharge_due: string;
  gallons_consumed: string;
}

const asJson = (difference: AmendmentDifference): DifferenceJson => ({
  tax: Number(difference.taxDue),
  surcharge: Number(difference.surchargeDue),
  taxable_gallons: Number(difference.taxableGallons),
  total_due: Number(difference.totalDue),
});

/**
 * Bills each final of one return (under lockAccountReturns, after settleReturn has chained them): the first final
 * whole, each amendment the difference from the final it amends, with penalty and interest on the addition only
 * (backend/src/ifta/amendment-billing.ts), in the order they became final so that a penalty already charged on the
 * return is known to the amendments after it. Run whenever a return's chain or a final's filing day may have
 * changed: a save, a delete (the amendment after a deleted final is billed against the one before it) and a filing
 * day's correction. A voided final keeps the figures it was billed with and is left out: it bills nothing now.
 */
export async function billReturn(
  manager: EntityManager,
  userId: string,
  key: string,
  annualRates: InterestRates,
): Promise<void> {
  const finals = (await manager.query(
    `SELECT id, amends_id, to_char(due_date, 'YYYY-MM-DD') AS due_date, to_char(filed_at, 'YYYY-MM-DD') AS filed_at,
            tax_due::text AS tax_due, penalty::text AS penalty, interest::text AS interest, interest_rate_missing,
            previous_due::text AS previous_due
       FROM reports WHERE user_id = $1 AND return_key = $2 AND status = 'final' AND voided_at IS NULL
      ORDER BY finalised_at, id`,
    [userId, key],
  )) as FinalRow[];
  if (finals.length === 0) return;
  const lines = (await manager.query(
    `SELECT report_id, code, fuel_type, tax_due::text AS tax_due, surcharge_due::text AS surcharge_due,
            gallons_consumed::text AS gallons_consumed
       FROM report_jurisdictions WHERE user_id = $1 AND report_id = ANY($2::uuid[]) ORDER BY position`,
    [userId, finals.map((final) => final.id)],
  )) as LineRow[];
  const linesOf = (id: string) =>
    lines
      .filter((line) => line.report_id === id)
      .map((line) => ({
        code: line.code,
        fuelType: line.fuel_type,
        taxDue: line.tax_due,
        surchargeDue: line.surcharge_due,
        taxableGallons: line.gallons_consumed,
      }));
  const byId = new Map(finals.map((final) => [final.id, final]));
  let penaltyCharged = false;
  for (const final of finals) {
    const previous = final.amends_id === null ? undefined : byId.get(final.amends_id);
    let billed: Pick<FinalRow, 'penalty' | 'interest' | 'interest_rate_missing' | 'previous_due'>;
    let difference: AmendmentDifferenceJson | null = null;
    if (!previous) {
      // Billed whole. Its figures were computed on save; only a final that was billed as an amendment before (its
      // earlier final since deleted) is computed again, by the same rule the save uses.
      billed = final;
      if (final.previous_due !== null) {
        const late =
          final.due_date && final.filed_at
            ? lateFiling({
                dueDate: final.due_date,
                filedAt: final.filed_at,
                jurisdictionTaxDue: amountsDueByJurisdiction(linesOf(final.id)),
                annualRates,
              })
            : undefined;
        billed = {
          penalty: late?.penalty ?? null,
          interest: late?.interest ?? null,
          interest_rate_missing: (late?.missingRateYears.length ?? 0) > 0,
          previous_due: null,
        };
      }
    } else {
      const billing = amendmentBilling({
        dueDate: final.due_date,
        filedAt: final.filed_at,
        lines: linesOf(final.id),
        previousLines: linesOf(previous.id),
        penaltyCharged,
        annualRates,
      });
      billed = {
        penalty: billing.penalty,
        interest: billing.interest,
        interest_rate_missing: billing.missingRateYears.length > 0,
        previous_due: previous.tax_due,
      };
      difference = {
        previous_total_due: Number(previous.tax_due),
        totals: asJson(billing.totals),
        jurisdictions: billing.jurisdictions.map(({ code, fuelType, ...amounts }) => ({
          code,
          fuel_type: fuelType,
          ...asJson(amounts),
        })),
      };
    }
    if (billed.penalty !== null && Number(billed.penalty) > 0) penaltyCharged = true;
    await manager.query(
      `UPDATE reports SET penalty = $3::numeric, interest = $4::numeric, interest_rate_missing = $5,
              previous_due = $6::numeric, amendment_difference = $7::jsonb
        WHERE user_id = $1 AND id = $2
          AND (penalty IS DISTINCT FROM $3::numeric OR interest IS DISTINCT FROM $4::numeric
               OR interest_rate_missing <> $5 OR previous_due IS DISTINCT FROM $6::numeric
               OR amendment_difference IS DISTINCT FROM $7::jsonb)`,
      [
        userId,
        final.id,
        billed.penalty,
        billed.interest,
        billed.interest_rate_missing,
        billed.previous_due,
        difference === null ? null : JSON.stringify(difference),
      ],
    );
  }
}
