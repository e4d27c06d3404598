import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpStatus, NETWORK_ERROR_STATUS, serverErrorText } from '../providers/httpClient';
import { isSubscriptionRequiredError } from '../providers/subscriptionRequired';

/** Why a call failed, in words: the server's sentence, 'Network Error', else the error's own message. */
export const failureReason = (error: unknown, translate: (key: string) => string): string | undefined => {
  if (httpStatus(error) === NETWORK_ERROR_STATUS) return translate('errors.network');
  const body = (error as { body?: unknown } | null)?.body;
  const message = (error as Error | null)?.message;
  return serverErrorText(body) ?? (message?.trim() ? message : undefined);
};

/**
 * docs/product-spec.md §8's fixed messages ('Error setting default card', 'Failed to cancel subscription', 'Error exporting
 * report', 'Error deleting report') stay what they are, with the server's reason beside them, so a person
 * sees both what failed and why. A refusal for want of a subscription is left to the guard, which says so in
 * Russian and opens the modal: one toast, not two.
 */
export const useNotifyFailure = () => {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown, fixedKey: string) => {
      if (isSubscriptionRequiredError(error)) return;
      const reason = failureReason(error, translate);
      if (!reason) return notify(fixedKey, { type: 'error' });
      notify('errors.with_reason', { type: 'error', messageArgs: { message: translate(fixedKey), reason } });
    },
    [notify, translate],
  );
};
