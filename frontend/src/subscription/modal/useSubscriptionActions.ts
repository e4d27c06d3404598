import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useIftaDataProvider } from '../../providers/useIftaDataProvider';
import { errorMessage } from '../../providers/httpClient';
import { STATUS_REFETCH_DELAY_MS } from '../constants';
import { closeSubscriptionModal } from '../modalStore';
import { refreshSubscription, SUBSCRIPTION_KEYS } from '../queries';
import type { ModalMode } from '../modalStore';
import type { PaymentMethod, Plan } from '../../api/types';

export type PaymentChoice = { kind: 'new'; paymentMethodId: string } | { kind: 'saved'; cardId: PaymentMethod['id'] };

const FAILURE_KEYS: Record<ModalMode, string> = {
  create: 'subscription.modal.create_failed',
  reactivate: 'subscription.modal.reactivate_failed',
  change: 'subscription.modal.change_failed',
};

const SUCCESS_KEYS: Record<ModalMode, string> = {
  create: 'subscription.modal.created',
  reactivate: 'subscription.modal.resumed',
  change: 'subscription.modal.plan_changed',
};

/**
 * The one call each mode makes. Success closes the modal and, one second later (docs/product-spec.md §4), reads the
 * status again; failure answers the sentence to show (the server's, else the mode's own).
 */
export const useSubscriptionActions = (mode: ModalMode) => {
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();

  const call = (planId: Plan['id'], payment: PaymentChoice | null): Promise<unknown> => {
    if (mode === 'change') return dataProvider.changePlan(planId);
    if (!payment) throw new Error('a payment method is required');
    if (mode === 'create') {
      if (payment.kind !== 'new') throw new Error('creating a subscription requires a new card');
      return dataProvider.createSubscription({ plan_id: planId, payment_method: payment.paymentMethodId });
    }
    return dataProvider.reactivateWithPayment({
      plan_id: planId,
      use_new_payment_method: payment.kind === 'new',
      payment_method_id: payment.kind === 'new' ? payment.paymentMethodId : payment.cardId,
    });
  };

  /**
   * With Stripe, the subscription's state lives at Stripe until its webhooks arrive; asking the server
   * to sync at once means the status re-read a second later is already right. The sandbox is the server.
   */
  const syncWithStripe = async () => {
    try {
      const config = await queryClient.fetchQuery({
        queryKey: SUBSCRIPTION_KEYS.paymentConfig,
        queryFn: () => dataProvider.getPaymentConfig(),
      });
      if (config.provider === 'stripe') await dataProvider.syncSubscription();
    } catch {
      notify('subscription.provider.sync_failed', { type: 'error' });
    }
  };

  /** Resolves null on success, else the message for the step the flow returns to. */
  const submit = async (planId: Plan['id'], payment: PaymentChoice | null): Promise<string | null> => {
    try {
      await call(planId, payment);
    } catch (error) {
      return errorMessage(error, FAILURE_KEYS[mode]);
    }
    closeSubscriptionModal();
    notify(SUCCESS_KEYS[mode], { type: 'success' });
    if (mode !== 'change') await syncWithStripe();
    window.setTimeout(() => void refreshSubscription(queryClient), STATUS_REFETCH_DELAY_MS);
    return null;
  };

  return { submit };
};
