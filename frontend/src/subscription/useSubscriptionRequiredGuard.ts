import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useQueryClient, type QueryState } from '@tanstack/react-query';
import { httpStatus } from '../providers/httpClient';
import { onSubscriptionRequired } from '../providers/subscriptionRequired';
import { SUBSCRIPTION_KEYS } from './queries';
import { isSubscriptionModalOpen, openSubscriptionModal } from './modalStore';
import { requestFor } from './modeFor';
import type { SubscriptionStatus } from './types';

/** Several guarded calls often fail together (a page loads three lists); one message is enough. */
const MESSAGE_QUIET_MS = 3000;
let lastMessageAt = 0;

/**
 * While the status loads, or once it says there is no valid subscription (or failed other than with 403),
 * the gate opens the modal itself after its one-second delay; a message for a background call the user
 * did not make would only be noise then.
 */
const handledByGate = (state: QueryState<SubscriptionStatus> | undefined): boolean => {
  if (!state || state.status === 'pending') return true;
  if (state.status === 'error') return httpStatus(state.error) !== 403;
  return !state.data?.has_valid_subscription;
};

/**
 * Spec §6: when the server refuses a feature for want of a subscription although the gate had no reason
 * to ask for one (the status said valid, or could not be read: 403), say so in Russian and open the
 * modal. The status is read again, since the server knows better than our cache.
 */
export const useSubscriptionRequiredGuard = (): void => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSubscriptionRequired(() => {
        if (isSubscriptionModalOpen()) return;
        if (handledByGate(queryClient.getQueryState<SubscriptionStatus>(SUBSCRIPTION_KEYS.status))) return;
        const known = queryClient.getQueryData<SubscriptionStatus>(SUBSCRIPTION_KEYS.status);
        const now = Date.now();
        if (now - lastMessageAt > MESSAGE_QUIET_MS) {
          lastMessageAt = now;
          notify('subscription.guard.required', { type: 'error' });
        }
        openSubscriptionModal(requestFor(known));
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.status });
      }),
    [notify, queryClient],
  );
};
