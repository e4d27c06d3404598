import { useState } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { openSubscriptionModal } from '../modalStore';
import { isActiveStatus, isCancelScheduled } from '../statusRules';
import type { Subscription } from '../../api/types';
import { useSubscriptionMutations } from './useSubscriptionMutations';

/**
 * docs/product-spec.md §2: a canceled subscription offers Renew Subscription and Change Plan; any other offers Change
 * Plan, plus Cancel Subscription only while it is active. Cancelling asks first.
 */
export const SubscriptionActions = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const { cancel, renew } = useSubscriptionMutations();
  const [confirming, setConfirming] = useState(false);
  const scheduled = isCancelScheduled(subscription);
  const canceled = scheduled || subscription.status === 'canceled';
  const running = isActiveStatus(subscription.status);
  const busy = cancel.isPending || renew.isPending;

  // A running subscription switches plan in place; one that has ended is resumed on the chosen plan.
  const changePlan = () =>
    openSubscriptionModal(
      running ? { mode: 'change', currentPlanId: subscription.plan_id ?? null } : { mode: 'reactivate' },
    );

  // Still running until the period end: lifting the cancel flag is enough. Ended: pay again.
  const renewSubscription = () =>
    scheduled
      ? renew.mutate()
      : openSubscriptionModal({ mode: 'reactivate', currentPlanId: subscription.plan_id ?? null });

  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 3 }}>
      {canceled && (
        <Button
          variant="contained"
          onClick={renewSubscription}
          disabled={busy}
          startIcon={renew.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('subscription.management.renew')}
        </Button>
      )}
      <Button variant="outlined" onClick={changePlan} disabled={busy}>
        {translate('subscription.management.change_plan')}
      </Button>
      {!canceled && running && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => setConfirming(true)}
          disabled={busy}
          startIcon={cancel.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('subscription.management.cancel')}
        </Button>
      )}
      <Confirm
        isOpen={confirming}
        title={translate('subscription.management.confirm_cancel_title')}
        content={translate('subscription.management.confirm_cancel')}
        confirm={translate('subscription.management.cancel')}
        cancel={translate('subscription.management.keep')}
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          cancel.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
