/**
 * Subscription status rules of docs/product-spec.md §4, as pure functions of a subscription and "now" (no framework imports), so
 * the guard, the status endpoints and the renewal job all read access the same way and the boundaries are tested
 * on their own.
 */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that still hold the account's one live subscription (see the partial unique index). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due', 'incomplete'];

/** past_due keeps access this many days after the current period end (docs/product-spec.md §9). */
export const GRACE_DAYS = 7;

/**
 * After a renewal the card refused, the same bill is charged again this many days after the period end (inside the
 * 7 days of grace): a card that was only short of funds for a day pays without anyone doing anything.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

/** Whether a past_due bill with `failedAttempts` so far is due for its next retry at `now`. */
export function renewalRetryDue(periodEnd: Date, failedAttempts: number, now: Date): boolean {
  const days = RENEWAL_RETRY_DAYS[failedAttempts - 1];
  return days !== undefined && now.getTime() >= periodEnd.getTime() + days * DAY_MS;
}
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
}

/** The moment access ends if nothing else happens (no renewal, no payment). */
export function accessEndsAt(sub: SubscriptionState): Date {
  if (sub.status === 'past_due') return new Date(sub.currentPeriodEnd.getTime() + GRACE_DAYS * DAY_MS);
  if (sub.status === 'trialing' && sub.trialEnd) return sub.trialEnd;
  return sub.currentPeriodEnd;
}

/**
 * Active and trialing count (a renewal that is merely due keeps access until the job has charged); a cancel-flagged
 * one only until its period end; past_due through day 7 after the period end and not on day 8.
 */
export function hasValidSubscription(sub: SubscriptionState | null, now: Date): boolean {
  if (!sub) return false;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancelAtPeriodEnd ? now.getTime() < sub.currentPeriodEnd.getTime() : true;
    case 'past_due':
      return now.getTime() <= accessEndsAt(sub).getTime();
    default:
      return false;
  }
}

/** Whole days until `end`, a started day counting as one (rounded up), never below 0. */
export function daysUntil(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** Days left of the trial while trialing, else of the period (or of the grace when past_due); 0 when invalid. */
export function daysLeft(sub: SubscriptionState | null, now: Date): number {
  if (!sub || !hasValidSubscription(sub, now)) return 0;
  return daysUntil(accessEndsAt(sub), now);
}

export interface TrialInfo {
  isTrial: boolean;
  expired: boolean;
  daysLeft: number;
}

/** docs/product-spec.md §4 "Trial info": isTrial when trialing; expired when now is past trial_end; days left rounded up. */
export function trialInfo(sub: SubscriptionState | null, now: Date): TrialInfo {
  if (!sub || sub.status !== 'trialing' || !sub.trialEnd) return { isTrial: false, expired: false, daysLeft: 0 };
  return {
    isTrial: true,
    expired: now.getTime() > sub.trialEnd.getTime(),
    daysLeft: daysUntil(sub.trialEnd, now),
  };
}

/** What the renewal job does with a subscription whose period has ended. */
export type DueAction = 'none' | 'end' | 'charge' | 'expire';

export function dueAction(sub: SubscriptionState, now: Date): DueAction {
  const ended = now.getTime() >= sub.currentPeriodEnd.getTime();
  if (sub.status === 'active' || sub.status === 'trialing') {
    if (!ended) return 'none';
    return sub.cancelAtPeriodEnd ? 'end' : 'charge';
  }
  if (sub.status === 'past_due') return hasValidSubscription(sub, now) ? 'none' : 'expire';
  return 'none';
}

/**
 * Adds calendar months in UTC, clamping to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29),
 * as card providers bill monthly plans.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
