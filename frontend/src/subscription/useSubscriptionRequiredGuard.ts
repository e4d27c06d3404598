import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { onSubscriptionRequired } from '../providers/subscriptionRequired';
import { SUBSCRIPTION_KEYS } from './queries';
import { isSubscriptionModalOpen, openSubscriptionModal } from './modalStore';
import { requestFor } from './modeFor';
import type { SubscriptionStatus } from '../api/types';

/** Several guarded calls often fail together (a page loads three lists); one message is enough. */
const MESSAGE_QUIET_MS = 3000;
let lastMessageAt = 0;

/**
 * docs/product-spec.md §6: every guarded feature the server refuses for want of a subscription shows the Russian message
 * and opens the modal, whatever the cached status said (a company that never subscribed included). Pages
 * leave such a refusal to this guard (`isSubscriptionRequiredError`), so it is said once. The status is
 * read again, since the server knows better than our cache.
 */
export const useSubscriptionRequiredGuard = (): void => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSubscriptionRequired(() => {
        const now = Date.now();
        if (now - lastMessageAt > MESSAGE_QUIET_MS) {
          lastMessageAt = now;
          notify('subscription.guard.required', { type: 'error' });
        }
        if (isSubscriptionModalOpen()) return;
        openSubscriptionModal(requestFor(queryClient.getQueryData<SubscriptionStatus>(SUBSCRIPTION_KEYS.status)));
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.status });
      }),
    [notify, queryClient],
  );
};
