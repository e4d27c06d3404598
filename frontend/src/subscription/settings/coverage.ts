import type { CurrentSubscription } from '../../api/types';

/** The Subscription section's heading and sentence for a company another pays for, as translation keys. */
export interface CoverageMessage {
  title: string;
  text: string;
  options: { company: string; plan: string };
}

/**
 * What Settings › Subscription says of a client company its preparer pays for, or null for a company that pays for
 * itself. Such a company has no subscription of its own to show or act on: its paid features open with the
 * preparer's subscription, so it is told who pays and on which plan, and whom to ask, whether or not that plan is
 * running now.
 */
export const coverageMessage = (
  current: Pick<CurrentSubscription, 'billed_to' | 'has_valid_subscription'>,
): CoverageMessage | null => {
  const payer = current.billed_to;
  if (!payer) return null;
  const options = { company: payer.company_name, plan: payer.plan_name ?? '' };
  return current.has_valid_subscription && payer.plan_name !== null
    ? { title: 'subscription.management.covered', text: 'subscription.management.covered_text', options }
    : { title: 'subscription.management.covered_lapsed', text: 'subscription.management.covered_lapsed_text', options };
};
