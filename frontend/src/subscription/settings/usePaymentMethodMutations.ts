import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useIftaDataProvider } from '../../providers/useIftaDataProvider';
import { useNotifyFailure } from '../../notifications/useNotifyFailure';
import { useGuardedCall } from '../useGuardedCall';
import { SUBSCRIPTION_KEYS } from '../queries';
import type { PaymentMethod } from '../../api/types';

/** Set as default, rename and delete a saved card, each with the toasts of docs/product-spec.md §8 'Cards'. */
export const usePaymentMethodMutations = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  // The server may promote another card (delete of the default), so the list is always read again.
  const reload = () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.paymentMethods });
  const handlers = (successKey: string, failureKey: string) => ({
    onSuccess: () => {
      notify(successKey, { type: 'success' });
      return reload();
    },
    onError: (error: unknown) => notifyFailure(error, failureKey),
  });

  const setDefault = useMutation({
    mutationFn: (id: PaymentMethod['id']) => guarded(() => dataProvider.setDefaultPaymentMethod(id)),
    ...handlers('subscription.cards.default_set', 'subscription.cards.default_failed'),
  });
  const rename = useMutation({
    mutationFn: ({ id, nickname }: { id: PaymentMethod['id']; nickname: string }) =>
      guarded(() => dataProvider.renamePaymentMethod(id, nickname)),
    ...handlers('subscription.cards.nickname_updated', 'subscription.cards.nickname_failed'),
  });
  const remove = useMutation({
    mutationFn: (id: PaymentMethod['id']) => guarded(() => dataProvider.deletePaymentMethod(id)),
    ...handlers('subscription.cards.deleted', 'subscription.cards.delete_failed'),
  });
  return { setDefault, rename, remove };
};
