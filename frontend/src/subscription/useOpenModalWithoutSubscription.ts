import { useEffect } from 'react';
import { httpStatus } from '../providers/httpClient';
import { MODAL_OPEN_DELAY_MS } from './constants';
import { isSubscriptionModalOpen, openSubscriptionModal } from './modalStore';
import { requestFor } from './modeFor';
import type { useSubscriptionStatus } from './queries';

/**
 * docs/product-spec.md §4: after a status check finds no valid subscription, or fails other than with 403, the modal
 * opens after one second.
 */
export const useOpenModalWithoutSubscription = (
  { data, error, isPending, isError }: ReturnType<typeof useSubscriptionStatus>,
  { suppressed = false }: { suppressed?: boolean } = {},
): void => {
  const needsModal = !suppressed && !isPending && (isError ? httpStatus(error) !== 403 : !data?.has_valid_subscription);
  useEffect(() => {
    if (!needsModal) return;
    const timer = window.setTimeout(() => {
      if (!isSubscriptionModalOpen()) openSubscriptionModal(requestFor(data));
    }, MODAL_OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [needsModal, data]);
};
