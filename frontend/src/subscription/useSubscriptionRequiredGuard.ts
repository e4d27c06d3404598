import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { onSubscriptionRequired } from '../providers/subscriptionRequired';
import { SUBSCRIPTION_KEYS } from './queries';
import { isSubscriptionModalOpen, openSubscriptionModal } from './modalStore';
import { requestFor } from './modeFor';
import type { SubscriptionStatus } from './types';

/** Several guarded calls often fail together (a page loads three lists); one message is enough. */
const MESSAGE_QUIET_MS = 3000;
let lastMessageAt = 0;

/**
 * Spec §6: when the server refuses a feature for want of a subscription although our cached status
 * said it was valid (it ended since), say so in Russian and open the subscription modal. The status
 * is read again, since the server knows better than our cache.
 */
export const useSubscriptionRequiredGuard = (): void => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSubscriptionRequired(() => {
        if (isSubscriptionModalOpen()) return;
        // While the status is unknown or already says "none", the gate opens the modal itself (after its
        // one-second delay); a message for a background call the user did not make would only be noise.
        const known = queryClient.getQueryData<SubscriptionStatus>(SUBSCRIPTION_KEYS.status);
        if (!known?.has_valid_subscription) return;
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
