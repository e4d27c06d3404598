import type { ModalRequest } from './modalStore';
import type { SubscriptionStatus } from '../api/types';

/** A company that never subscribed creates; one whose subscription ended or stopped resumes it. */
export const requestFor = (status: SubscriptionStatus | undefined): ModalRequest =>
  status?.subscription
    ? { mode: 'reactivate', currentPlanId: status.subscription.plan_id ?? null }
    : { mode: 'create' };
