import { useSubscriptionStatus } from './queries';

/**
 * Only an account's first subscription has a free trial (backend/src/subscriptions/PLANS.md): a company that
 * subscribed before, whatever became of it, is charged at once. So a plan's trial is promised only once the
 * status is known to hold no subscription at all.
 */
export const useTrialOffered = (): boolean => {
  const { data, isSuccess } = useSubscriptionStatus();
  return isSuccess && !data?.subscription;
};
