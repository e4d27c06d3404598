import { describe, expect, test } from 'vitest';
import {
  daysText,
  formatExpiry,
  formatUsd,
  invoiceTone,
  recommendedPlanId,
  showsDaysWarning,
  statusDisplay,
  type SubscriptionState,
} from './statusRules';
import { firstStep, stepAfterPlan, stepBefore, stepTitle } from './modal/modalFlow';
import { formatCardNumber, formatExpiryInput, isCardEntryComplete, parseExpiry } from './cardInput';
import { invoiceStats, pageCount } from './settings/invoiceStats';
import type { Invoice, Plan } from '../api/types';

/** The subscription UI's pure rules (docs/product-spec.md §2, §4, §5, §9), checked without a browser. */

const sub = (patch: Partial<SubscriptionState>): SubscriptionState => ({
  status: 'active',
  cancel_at_period_end: false,
  current_period_end: '2026-12-22T12:00:00.000Z',
  ...patch,
});

const plan = (id: string, name: string): Plan => ({
  id,
  name,
  description: '',
  price: 10,
  currency: 'USD',
  interval: 'month',
  trial_days: 0,
  features: [],
  reports_per_month: null,
});

describe('status display of docs/product-spec.md §4', () => {
  const table: Array<[string, string, string]> = [
    ['active', 'subscription.status.active', 'green'],
    ['trialing', 'subscription.status.trialing', 'blue'],
    ['past_due', 'subscription.status.past_due', 'yellow'],
    ['canceled', 'subscription.status.canceled', 'red'],
    ['unpaid', 'subscription.status.unpaid', 'red'],
    ['incomplete', 'subscription.status.incomplete', 'orange'],
    ['incomplete_expired', 'subscription.status.incomplete_expired', 'red'],
    ['paused', 'subscription.status.unknown', 'gray'],
  ];
  for (const [status, key, tone] of table) {
    test(`${status} shows ${key} in ${tone}`, () => {
      expect(statusDisplay(sub({ status }))).toEqual({ key, tone });
    });
  }

  test('an active subscription flagged cancel_at_period_end shows "Canceled (Active until {date})" in orange', () => {
    expect(statusDisplay(sub({ cancel_at_period_end: true }))).toEqual({
      key: 'subscription.status.cancel_scheduled',
      tone: 'orange',
      until: '2026-12-22T12:00:00.000Z',
    });
  });

  test('a cancel-flagged subscription also reads currentPeriodEnd', () => {
    const display = statusDisplay(sub({ cancel_at_period_end: true, current_period_end: null, currentPeriodEnd: 'x' }));
    expect(display.until).toBe('x');
  });

  test('a cancel-flagged subscription that already ended shows Canceled in red', () => {
    expect(statusDisplay(sub({ status: 'canceled', cancel_at_period_end: true })).tone).toBe('red');
  });
});

test('invoice badges: paid green, open blue, draft gray, void and uncollectible red, else gray', () => {
  expect(['paid', 'open', 'draft', 'void', 'uncollectible', 'weird'].map(invoiceTone)).toEqual([
    'green',
    'blue',
    'gray',
    'red',
    'red',
    'gray',
  ]);
});

test('the days warning shows only when 1 to 7 days remain', () => {
  expect([0, 1, 7, 8, null, undefined, -1].map(showsDaysWarning)).toEqual([
    false,
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
});

describe('settings days text', () => {
  test('a cancelling subscription says when service ends, or that it ended', () => {
    expect(daysText(sub({ cancel_at_period_end: true }), 5)).toEqual({ key: 'subscription.days.ends_in', days: 5 });
    expect(daysText(sub({ cancel_at_period_end: true }), 0)).toEqual({ key: 'subscription.days.ended', days: 0 });
    expect(daysText(sub({ status: 'canceled' }), 0)).toEqual({ key: 'subscription.days.ended', days: 0 });
  });
  test('any other says how many days are left, or Expired', () => {
    expect(daysText(sub({}), 12)).toEqual({ key: 'subscription.days.left', days: 12 });
    expect(daysText(sub({ status: 'past_due' }), 0)).toEqual({ key: 'subscription.days.expired', days: 0 });
  });
  test('no days known, no text', () => {
    expect(daysText(sub({}), null)).toBeNull();
  });
});

describe('recommended plan', () => {
  test('is the plan named Professional', () => {
    expect(recommendedPlanId([plan('a', 'Starter'), plan('b', 'Basic'), plan('c', 'Professional')])).toBe('c');
  });
  test('else the second plan', () => {
    expect(recommendedPlanId([plan('a', 'Starter'), plan('b', 'Basic'), plan('c', 'Max')])).toBe('b');
  });
  test('else the first', () => {
    expect(recommendedPlanId([plan('a', 'Starter')])).toBe('a');
    expect(recommendedPlanId([])).toBeUndefined();
  });
});

test('prices are USD formatted en-US and expiry is MM/YYYY', () => {
  expect(formatUsd(59)).toBe('$59.00');
  expect(formatUsd('1299.5')).toBe('$1,299.50');
  expect(formatExpiry(3, 2030)).toBe('03/2030');
});

describe('modal flow of docs/product-spec.md §4', () => {
  test('a first subscription starts at the plans; a reactivation at the card choice', () => {
    expect(firstStep('create', true, false)).toBe('plans');
    expect(firstStep('reactivate', true, true)).toBe('choice');
    expect(firstStep('reactivate', false, true)).toBe('payment');
    expect(firstStep('reactivate', true, false)).toBe('plans');
    expect(firstStep('change', true, true)).toBe('plans');
  });
  test('after the plan: the choice only when saved cards exist; a plan change goes straight to processing', () => {
    expect(stepAfterPlan('create', true)).toBe('choice');
    expect(stepAfterPlan('create', false)).toBe('payment');
    expect(stepAfterPlan('change', true)).toBe('processing');
  });
  test('back from payment goes to the choice with saved cards and not reactivating, else to the plans', () => {
    expect(stepBefore('payment', 'create', true)).toBe('choice');
    expect(stepBefore('payment', 'create', false)).toBe('plans');
    expect(stepBefore('payment', 'reactivate', true)).toBe('plans');
    expect(stepBefore('choice', 'create', true)).toBe('plans');
    expect(stepBefore('plans', 'create', true)).toBeNull();
  });
  test('titles, and Resume Subscription in a reactivation', () => {
    expect(stepTitle('plans', 'create')).toBe('subscription.modal.titles.plans');
    expect(stepTitle('choice', 'create')).toBe('subscription.modal.titles.choice');
    expect(stepTitle('payment', 'create')).toBe('subscription.modal.titles.payment');
    expect(stepTitle('processing', 'create')).toBe('subscription.modal.titles.processing');
    expect(stepTitle('payment', 'reactivate')).toBe('subscription.modal.titles.reactivate');
  });
});

describe('sandbox card entry', () => {
  test('formats the number in groups of four and the expiry as MM / YY', () => {
    expect(formatCardNumber('4242424242424242999999')).toBe('4242 4242 4242 4242 999');
    expect(formatExpiryInput('1230')).toBe('12 / 30');
    expect(formatExpiryInput('1')).toBe('1');
  });
  test('parses the expiry and refuses a month that does not exist', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('1 / 3')).toBeNull();
  });
  test('is complete only with a full number, a real expiry and a CVC', () => {
    const full = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
    expect(isCardEntryComplete(full)).toBe(true);
    expect(isCardEntryComplete({ ...full, number: '4242 4242' })).toBe(false);
    expect(isCardEntryComplete({ ...full, expiry: '12 / 3' })).toBe(false);
    expect(isCardEntryComplete({ ...full, cvc: '12' })).toBe(false);
  });
});

test('invoice statistics count paid, open and e-mails sent on the page; total from the server', () => {
  const invoice = (status: string, email_sent: boolean) => ({ status, email_sent }) as Invoice;
  const stats = invoiceStats([invoice('paid', true), invoice('paid', false), invoice('open', true)], 23);
  expect(stats).toEqual({ total: 23, paid: 2, open: 1, emailsSent: 2 });
  expect([pageCount(0, 10), pageCount(10, 10), pageCount(23, 10)]).toEqual([1, 1, 3]);
});
