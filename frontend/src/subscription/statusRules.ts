import { DAYS_WARNING_MAX, RECOMMENDED_PLAN_NAME } from './constants';
import type { Plan, Subscription } from '../api/types';
import { formatInstant } from '../calendar/displaySettings';

/** The colours of docs/product-spec.md §4's status and invoice tables. */
export type Tone = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'gray';

export interface StatusDisplay {
  /** Translation key under subscription.status, or the cancel-scheduled text. */
  key: string;
  tone: Tone;
  /** Set for 'Canceled (Active until {date})'. */
  until?: string;
}

/**
 * What the status rules read of a subscription. The status stays text and the period end may be missing: a status
 * the API adds later, or a subscription without a period, still shows (as Unknown, without a date) rather than breaking.
 */
export type SubscriptionState = Pick<Subscription, 'cancel_at_period_end'> & {
  status: string;
  current_period_end?: string | null;
  currentPeriodEnd?: string | null;
};

const STATUS_TONES: Record<string, Tone> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  unpaid: 'red',
  incomplete: 'orange',
  incomplete_expired: 'red',
};

const periodEnd = (subscription: SubscriptionState): string | null =>
  subscription.current_period_end ?? subscription.currentPeriodEnd ?? null;

/** docs/product-spec.md §4: active or trialing counts as active. */
export const isActiveStatus = (status: string): boolean => status === 'active' || status === 'trialing';

/** Still running but set to end at the period end. */
export const isCancelScheduled = (subscription: SubscriptionState): boolean =>
  subscription.cancel_at_period_end && isActiveStatus(subscription.status);

/** docs/product-spec.md §4 status table, plus 'Canceled (Active until {date})' in orange for a cancel-flagged active one. */
export const statusDisplay = (subscription: SubscriptionState): StatusDisplay => {
  const end = periodEnd(subscription);
  if (isCancelScheduled(subscription) && end) {
    return { key: 'subscription.status.cancel_scheduled', tone: 'orange', until: end };
  }
  const tone = STATUS_TONES[subscription.status];
  return tone
    ? { key: `subscription.status.${subscription.status}`, tone }
    : { key: 'subscription.status.unknown', tone: 'gray' };
};

/** docs/product-spec.md §4 invoice badges: paid green, open blue, draft gray, void and uncollectible red, else gray raw text. */
export const invoiceTone = (status: string): Tone =>
  status === 'paid'
    ? 'green'
    : status === 'open'
      ? 'blue'
      : status === 'void' || status === 'uncollectible'
        ? 'red'
        : 'gray';

export const KNOWN_INVOICE_STATUSES = ['paid', 'open', 'draft', 'void', 'uncollectible'];

/** docs/product-spec.md §2 badge: the days are shown only when 1 to 7 remain. */
export const showsDaysWarning = (days: number | null | undefined): days is number =>
  typeof days === 'number' && days >= 1 && days <= DAYS_WARNING_MAX;

/**
 * docs/product-spec.md §2 Settings days text: a cancelling subscription says when service ends, any other says how
 * many days are left. Answers a translation key and its count.
 */
export const daysText = (
  subscription: SubscriptionState,
  daysLeft: number | null | undefined,
): { key: string; days: number } | null => {
  if (typeof daysLeft !== 'number') return null;
  const cancelling = subscription.cancel_at_period_end || subscription.status === 'canceled';
  if (cancelling) {
    return daysLeft > 0
      ? { key: 'subscription.days.ends_in', days: daysLeft }
      : { key: 'subscription.days.ended', days: 0 };
  }
  return daysLeft > 0
    ? { key: 'subscription.days.left', days: daysLeft }
    : { key: 'subscription.days.expired', days: 0 };
};

/** docs/product-spec.md §2: the plan named Professional, else the second, else the first. */
export const recommendedPlanId = (plans: Plan[]): Plan['id'] | undefined =>
  (plans.find((plan) => plan.name === RECOMMENDED_PLAN_NAME) ?? plans[1] ?? plans[0])?.id;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** docs/product-spec.md §9: prices are USD, formatted en-US, whatever the UI language. */
export const formatUsd = (amount: number | string): string => usd.format(Number(amount));

/** An invoice amount in its own currency, formatted en-US. */
export const formatMoney = (amount: number | string, currency = 'USD'): string => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      Number(amount),
    );
  } catch {
    return formatUsd(amount);
  }
};

/** MM/YYYY as the saved-card list shows expiry (docs/product-spec.md §2). */
export const formatExpiry = (month: number, year: number): string => `${String(month).padStart(2, '0')}/${year}`;

/** A date in the account's date format (MM/DD/YYYY by default) and time zone. */
export const formatDate = (iso: string | null | undefined): string => (iso ? formatInstant(iso, false) : '');

/** 'visa' -> 'Visa': brands come from the provider in lower case. */
export const brandName = (brand: string): string =>
  brand ? brand.charAt(0).toUpperCase() + brand.slice(1).replace(/_/g, ' ') : '';
