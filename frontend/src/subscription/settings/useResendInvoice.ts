import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useIftaDataProvider } from '../../providers/useIftaDataProvider';
import { useGuardedCall } from '../useGuardedCall';
import type { Invoice } from '../../api/types';
import { SUBSCRIPTION_KEYS } from '../queries';

/** Send: resend an invoice by e-mail; the list is read again so 'Sent' and the statistics update. */
export const useResendInvoice = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice: Invoice) => guarded(() => dataProvider.resendInvoice(invoice.id)),
    onSuccess: () => {
      notify('subscription.invoices.resent', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.invoices });
    },
    onError: () => notify('subscription.invoices.resend_failed', { type: 'error' }),
  });
};
