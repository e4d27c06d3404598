import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePaymentConfig, usePlans } from '../queries';
import { SandboxCardForm } from '../card/SandboxCardForm';
import { StripeCardForm } from '../card/StripeCardForm';
import { useStripeLoader } from '../card/useStripeLoader';
import type { CardFormProps } from '../card/cardFormProps';
import type { ModalMode } from '../modalStore';
import type { Plan } from '../../api/types';
import { PaymentSystemError } from './PaymentSystemError';
import { SelectedPlanSummary } from './SelectedPlanSummary';
import { useTrialOffered } from '../useTrialOffered';

interface Props extends Omit<CardFormProps, 'submitLabel'> {
  mode: ModalMode;
  planId: Plan['id'];
}

/** Step 'payment': the chosen plan and the card form of whichever provider is live. */
export const PaymentStep = ({ mode, planId, ...cardProps }: Props) => {
  const translate = useTranslate();
  const plan = usePlans().data?.find((candidate) => String(candidate.id) === String(planId));
  const trialOffered = useTrialOffered();
  const config = usePaymentConfig();
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishable_key : null;
  const stripe = useStripeLoader(stripeKey);

  const submitLabel = translate(
    mode === 'reactivate'
      ? 'subscription.payment.resume'
      : trialOffered && plan && plan.trial_days > 0
        ? 'subscription.payment.start_trial'
        : 'subscription.payment.subscribe',
  );

  const loading = config.isPending || (stripeKey !== null && stripe.isPending);
  const failed = config.isError || (stripeKey !== null && stripe.isError);

  return (
    <Box>
      <SelectedPlanSummary planId={planId} />
      {loading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 4 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">{translate('subscription.provider.loading')}</Typography>
        </Box>
      ) : failed ? (
        <PaymentSystemError
          onBack={cardProps.onBack}
          onRetry={() => void (config.isError ? config.refetch() : stripe.refetch())}
        />
      ) : stripe.data ? (
        <StripeCardForm stripe={stripe.data} submitLabel={submitLabel} {...cardProps} />
      ) : (
        <SandboxCardForm submitLabel={submitLabel} {...cardProps} />
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
        {translate('subscription.payment.secure')}
      </Typography>
    </Box>
  );
};
