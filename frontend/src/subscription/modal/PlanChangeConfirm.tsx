import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { Plan, PlanChangePreview } from '../../api/types';
import { formatInstant } from '../../calendar/displaySettings';
import { errorMessage } from '../../providers/httpClient';
import { useIftaDataProvider } from '../../providers/useIftaDataProvider';
import { formatMoney } from '../../reports/format';

/** The sentence that says what the change does: the server's preview, in the user's words and date format. */
export function previewSentence(preview: PlanChangePreview, translate: (key: string, options?: object) => string) {
  const values = {
    plan: preview.plan_name,
    price: formatMoney(preview.price),
    charge: formatMoney(preview.charged_now),
    next: formatMoney(preview.next_renewal_price),
    date: formatInstant(preview.effect === 'period_end' ? preview.effective_at : preview.next_renewal_at, false),
  };
  const key =
    preview.effect === 'now'
      ? preview.charged_now > 0
        ? 'now_charged'
        : 'now_free'
      : preview.effect === 'period_end'
        ? 'period_end'
        : 'keep_current';
  return translate(`subscription.modal.change_preview.${key}`, values);
}

/**
 * Before a plan change applies: what it costs now, from when, and what the next renewal charges, with Confirm and
 * Back. A refused preview (the plan is gone, the subscription ended) says why and offers Back only.
 */
export const PlanChangeConfirm = ({
  planId,
  onConfirm,
  onBack,
}: {
  planId: Plan['id'];
  onConfirm: () => void;
  onBack: () => void;
}) => {
  const translate = useTranslate();
  const provider = useIftaDataProvider();
  const preview = useQuery({
    queryKey: ['subscription', 'plan-change-preview', planId],
    queryFn: () => provider.getPlanChangePreview(planId),
    retry: false,
    staleTime: 0,
  });
  return (
    <Stack spacing={2} data-testid="plan-change-confirm">
      {preview.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={20} />
          <Typography color="text.secondary">{translate('subscription.modal.change_preview.loading')}</Typography>
        </Box>
      ) : preview.isError ? (
        <Alert severity="error">
          {translate(errorMessage(preview.error, 'subscription.modal.change_failed'), {
            _: errorMessage(preview.error, 'subscription.modal.change_failed'),
          })}
        </Alert>
      ) : (
        <Alert severity="info" role="status" data-testid="plan-change-summary">
          {previewSentence(preview.data, translate)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onBack}>{translate('subscription.modal.back')}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={!preview.isSuccess}>
          {translate('subscription.modal.change_preview.confirm')}
        </Button>
      </Box>
    </Stack>
  );
};
