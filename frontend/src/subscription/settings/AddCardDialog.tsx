import { useState } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { SandboxCardForm } from '../card/SandboxCardForm';
import { StripeCardForm } from '../card/StripeCardForm';
import { useStripeLoader } from '../card/useStripeLoader';
import { PaymentSystemError } from '../modal/PaymentSystemError';
import { SUBSCRIPTION_KEYS, usePaymentConfig } from '../queries';

/**
 * Adds a card to the account whatever its subscription's state (a subscriber needs a second card before the only
 * one can go), with the live provider's form: the sandbox's inputs or Stripe's card element.
 */
export const AddCardDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate();
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishable_key : null;
  const stripe = useStripeLoader(stripeKey);
  const [error, setError] = useState<string | null>(null);

  const save = async (paymentMethodId: string) => {
    setError(null);
    try {
      await create('payment-methods', { data: { payment_method_id: paymentMethodId } }, { returnPromise: true });
      notify('subscription.cards.added', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.paymentMethods });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'subscription.cards.add_failed'));
    }
  };
  const cardProps = {
    submitLabel: translate('subscription.cards.add_submit'),
    error,
    onBack: onClose,
    onPaymentMethod: save,
  };
  const loading = config.isPending || (stripeKey !== null && stripe.isPending);
  const failed = config.isError || (stripeKey !== null && stripe.isError);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="add-card-title" fullWidth maxWidth="sm">
      <DialogTitle id="add-card-title">{translate('subscription.cards.add_title')}</DialogTitle>
      <DialogContent>
        {loading ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 4 }}>
            <CircularProgress size={24} />
            <Typography color="text.secondary">{translate('subscription.provider.loading')}</Typography>
          </Box>
        ) : failed ? (
          <PaymentSystemError
            onBack={onClose}
            onRetry={() => void (config.isError ? config.refetch() : stripe.refetch())}
          />
        ) : stripe.data ? (
          <StripeCardForm stripe={stripe.data} {...cardProps} />
        ) : (
          <SandboxCardForm {...cardProps} />
        )}
      </DialogContent>
    </Dialog>
  );
};
