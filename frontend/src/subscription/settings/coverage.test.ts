import { describe, expect, test } from 'vitest';
import { coverageMessage } from './coverage';

/** Settings › Subscription for a client company its preparer pays for. */
describe('coverageMessage', () => {
  const payer = { company_id: 'c0ffee00-0000-4000-8000-000000000001', company_name: 'Ledger Preparers' };

  test('names nothing for a company that pays for itself', () => {
    expect(coverageMessage({ billed_to: null, has_valid_subscription: true })).toBeNull();
    expect(coverageMessage({ billed_to: null, has_valid_subscription: false })).toBeNull();
  });

  test("names the preparer and its plan while the preparer's subscription is valid", () => {
    expect(
      coverageMessage({ billed_to: { ...payer, plan_name: 'Professional' }, has_valid_subscription: true }),
    ).toEqual({
      title: 'subscription.management.covered',
      text: 'subscription.management.covered_text',
      options: { company: 'Ledger Preparers', plan: 'Professional' },
    });
  });

  test("says the preparer's plan is not running when its subscription has lapsed or never began", () => {
    for (const plan_name of ['Starter', null]) {
      expect(coverageMessage({ billed_to: { ...payer, plan_name }, has_valid_subscription: false })).toEqual({
        title: 'subscription.management.covered_lapsed',
        text: 'subscription.management.covered_lapsed_text',
        options: { company: 'Ledger Preparers', plan: plan_name ?? '' },
      });
    }
  });
});
