import { useQueryClient } from '@tanstack/react-query';
import { useDelete, useNotify, useUpdate } from 'react-admin';
import { useNotifyFailure } from '../../notifications/useNotifyFailure';
import { SUBSCRIPTION_KEYS } from '../queries';
import type { PaymentMethod } from '../../api/types';

const RESOURCE = 'payment-methods';

/** What the card rows call: a mutation's pending flag and its start, with callbacks for the caller's own step. */
interface CardMutation<Variables> {
  isPending: boolean;
  mutate: (variables: Variables, options?: { onSuccess?: () => void; onSettled?: () => void }) => void;
}

/**
 * Set as default, rename and delete a saved card (the `payment-methods` resource's update and delete), each with
 * the toasts of docs/product-spec.md §8 'Cards'.
 */
export const usePaymentMethodMutations = () => {
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const [update, updating] = useUpdate<PaymentMethod>();
  const [destroy, deleting] = useDelete<PaymentMethod>();
  // The server may promote another card (delete of the default), so the list is always read again.
  const handlers = (
    successKey: string,
    failureKey: string,
    options: { onSuccess?: () => void; onSettled?: () => void } = {},
  ) => ({
    mutationMode: 'pessimistic' as const,
    onSuccess: async () => {
      notify(successKey, { type: 'success' });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.paymentMethods });
    },
    onError: (error: unknown) => notifyFailure(error, failureKey),
    onSettled: () => options.onSettled?.(),
  });

  const setDefault: CardMutation<PaymentMethod['id']> = {
    isPending: updating.isPending && updating.variables?.data?.is_default === true,
    mutate: (id, options) =>
      void update(
        RESOURCE,
        { id, data: { is_default: true } },
        handlers('subscription.cards.default_set', 'subscription.cards.default_failed', options),
      ),
  };
  const rename: CardMutation<{ id: PaymentMethod['id']; nickname: string }> = {
    isPending: updating.isPending && updating.variables?.data?.nickname !== undefined,
    mutate: ({ id, nickname }, options) =>
      void update(
        RESOURCE,
        { id, data: { nickname } },
        handlers('subscription.cards.nickname_updated', 'subscription.cards.nickname_failed', options),
      ),
  };
  const remove: CardMutation<PaymentMethod['id']> = {
    isPending: deleting.isPending,
    mutate: (id, options) =>
      void destroy(
        RESOURCE,
        { id },
        handlers('subscription.cards.deleted', 'subscription.cards.delete_failed', options),
      ),
  };
  return { setDefault, rename, remove };
};
