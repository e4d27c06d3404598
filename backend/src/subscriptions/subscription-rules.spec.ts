import { describe, expect, it } from '@jest/globals';
import {
  addMonths,
  DAY_MS,
  daysLeft,
  dueAction,
  hasValidSubscription,
  type SubscriptionState,
  trialInfo,
} from './subscription-rules.js';

const periodEnd = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(periodEnd.getTime() + offsetMs);
const HOUR = 60 * 60 * 1000;

const sub = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: periodEnd,
  trialEnd: null,
  ...overrides,
});

describe('hasValidSubscription', () => {
  it('has no access without a subscription', () => {
    expect(hasValidSubscription(null, at(0))).toBe(false);
  });

  it('counts active and trialing as valid, even when a renewal is due but not yet charged', () => {
    expect(hasValidSubscription(sub(), at(-DAY_MS))).toBe(true);
    expect(hasValidSubscription(sub({ status: 'trialing', trialEnd: periodEnd }), at(-DAY_MS))).toBe(true);
    expect(hasValidSubscription(sub(), at(HOUR))).toBe(true);
  });

  it('keeps a cancel-flagged subscription valid until the period end and not one moment after', () => {
    const flagged = sub({ cancelAtPeriodEnd: true });
    expect(hasValidSubscription(flagged, at(-1))).toBe(true);
    expect(hasValidSubscription(flagged, at(0))).toBe(false);
    expect(hasValidSubscription(flagged, at(HOUR))).toBe(false);
  });

  it('keeps past_due valid on grace day 7 and refuses it on day 8', () => {
    const pastDue = sub({ status: 'past_due' });
    expect(hasValidSubscription(pastDue, at(6 * DAY_MS + 23 * HOUR))).toBe(true); // day 7
    expect(hasValidSubscription(pastDue, at(7 * DAY_MS))).toBe(true); // last moment of day 7
    expect(hasValidSubscription(pastDue, at(7 * DAY_MS + 1))).toBe(false); // day 8 begins
    expect(hasValidSubscription(pastDue, at(7 * DAY_MS + HOUR))).toBe(false);
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired'] as const)('refuses %s', (status) => {
    expect(hasValidSubscription(sub({ status }), at(-DAY_MS))).toBe(false);
  });
});

describe('daysLeft', () => {
  it('rounds a started day up', () => {
    expect(daysLeft(sub(), at(-(2 * DAY_MS + HOUR)))).toBe(3);
    expect(daysLeft(sub(), at(-2 * DAY_MS))).toBe(2);
    expect(daysLeft(sub(), at(-1))).toBe(1);
  });

  it('counts the trial until trial_end', () => {
    const trialEnd = new Date(periodEnd.getTime() - 5 * DAY_MS);
    expect(daysLeft(sub({ status: 'trialing', trialEnd: trialEnd }), at(-(9 * DAY_MS + HOUR)))).toBe(5);
  });

  it('counts the grace days of a past_due subscription', () => {
    expect(daysLeft(sub({ status: 'past_due' }), at(2 * DAY_MS))).toBe(5);
  });

  it('is 0 once access is lost or when the renewal is overdue', () => {
    expect(daysLeft(sub({ status: 'past_due' }), at(8 * DAY_MS))).toBe(0);
    expect(daysLeft(sub({ cancelAtPeriodEnd: true }), at(HOUR))).toBe(0);
    expect(daysLeft(sub(), at(HOUR))).toBe(0);
    expect(daysLeft(null, at(0))).toBe(0);
  });
});

describe('trialInfo', () => {
  const trialing = sub({ status: 'trialing', trialEnd: periodEnd });

  it('reports days left rounded up while the trial runs', () => {
    expect(trialInfo(trialing, at(-(DAY_MS + 1)))).toEqual({ isTrial: true, expired: false, daysLeft: 2 });
    expect(trialInfo(trialing, at(-1))).toEqual({ isTrial: true, expired: false, daysLeft: 1 });
  });

  it('is not expired at trial_end itself and is expired just after', () => {
    expect(trialInfo(trialing, at(0))).toEqual({ isTrial: true, expired: false, daysLeft: 0 });
    expect(trialInfo(trialing, at(1))).toEqual({ isTrial: true, expired: true, daysLeft: 0 });
  });

  it('is no trial when not trialing', () => {
    expect(trialInfo(sub(), at(-DAY_MS))).toEqual({ isTrial: false, expired: false, daysLeft: 0 });
  });
});

describe('dueAction', () => {
  it('does nothing before the period end', () => {
    expect(dueAction(sub(), at(-1))).toBe('none');
  });

  it('charges an active or trialing subscription at its period end', () => {
    expect(dueAction(sub(), at(0))).toBe('charge');
    expect(dueAction(sub({ status: 'trialing', trialEnd: periodEnd }), at(0))).toBe('charge');
  });

  it('ends a cancel-flagged subscription at its period end instead of charging', () => {
    expect(dueAction(sub({ cancelAtPeriodEnd: true }), at(0))).toBe('end');
  });

  it('expires past_due only after the grace period', () => {
    expect(dueAction(sub({ status: 'past_due' }), at(7 * DAY_MS))).toBe('none');
    expect(dueAction(sub({ status: 'past_due' }), at(7 * DAY_MS + 1))).toBe('expire');
  });
});

describe('addMonths', () => {
  it('adds a calendar month', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('clamps to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });

  it('crosses the year', () => {
    expect(addMonths(new Date('2026-12-10T00:00:00Z'), 1).toISOString()).toBe('2027-01-10T00:00:00.000Z');
  });
});
