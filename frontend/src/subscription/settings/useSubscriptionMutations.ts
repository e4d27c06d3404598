import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useIftaDataProvider } from '../../providers/useIftaDataProvider';
import { errorMessage } from '../../providers/httpClient';
import { useNotifyFailure } from '../../notifications/useNotifyFailure';
import { useGuardedCall } from '../useGuardedCall';
import { useRefreshSubscription } from '../queries';

/** Settings' Cancel Subscription and Renew Subscription, each reloading the subscription afterwards (docs/product-spec.md §4). */
export const useSubscriptionMutations = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefreshSubscription();

  const cancel = useMutation({
    mutationFn: () => guarded(() => dataProvider.cancelSubscription()),
    onSuccess: () => {
      notify('subscription.management.canceled', { type: 'success' });
      return refresh();
    },
    onError: (error) => notifyFailure(error, 'subscription.management.cancel_failed'),
  });

  const renew = useMutation({
    mutationFn: () => guarded(() => dataProvider.reactivateSubscription()),
    onSuccess: () => {
      notify('subscription.management.renewed', { type: 'success' });
      return refresh();
    },
    onError: (error) => notify(errorMessage(error, 'subscription.management.renew_failed'), { type: 'error' }),
  });

  return { cancel, renew };
};
