import { proratedUpgradeCents, toCents } from './proration.js';

/** What choosing `plan` does to a subscription, decided in one place for the preview and the change itself. */
export type PlanChangeTerms =
  /** Trial, or a paid period moving to an equal or dearer plan: the plan changes now (an upgrade pays `chargeCents`). */
  | { effect: 'now'; chargeCents: number }
  /** A cheaper plan during a paid period: the period paid for keeps its plan until it ends. */
  | { effect: 'period_end'; chargeCents: 0 }
  /** The current plan again while a downgrade waits: the downgrade is called off. */
  | { effect: 'keep_current'; chargeCents: 0 }
  /** The current plan, nothing waiting: nothing to change. */
  | { effect: 'same_plan'; chargeCents: 0 };

export interface PlanChangeSubscription {
  status: string;
  planId: string;
  pendingPlanId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/** The rules of a plan change (docs/product-spec.md §4 and PLANS.md): proration up, downgrade at the period end. */
export function planChangeTerms(
  sub: PlanChangeSubscription,
  before: { price: number | string },
  plan: { id: string; price: number | string },
  now: Date,
): PlanChangeTerms {
  if (sub.planId === plan.id)
    return sub.pendingPlanId ? { effect: 'keep_current', chargeCents: 0 } : { effect: 'same_plan', chargeCents: 0 };
  if (sub.status !== 'active') return { effect: 'now', chargeCents: 0 };
  if (toCents(plan.price) < toCents(before.price)) return { effect: 'period_end', chargeCents: 0 };
  return {
    effect: 'now',
    chargeCents: proratedUpgradeCents(before.price, plan.price, sub.currentPeriodStart, sub.currentPeriodEnd, now),
  };
}
