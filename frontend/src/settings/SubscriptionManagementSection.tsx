import { useEffect } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useNotify, useTranslate } from 'react-admin';
import { SettingsSection } from './SettingsSection';
import { useCurrentSubscription } from '../subscription/queries';
import { openSubscriptionModal } from '../subscription/modalStore';
import { SubscriptionDetails } from '../subscription/settings/SubscriptionDetails';
import { SubscriptionActions } from '../subscription/settings/SubscriptionActions';
import { coverageMessage } from '../subscription/settings/coverage';

/**
 * Subscription Management (docs/product-spec.md §2 Settings): the plan held, its status and days, and what can be done.
 * A client company its preparer pays for is told so instead, with no buttons: it has no subscription of its own to
 * start, change or cancel (the server refuses), and offering one would have it pay twice.
 */
export const SubscriptionManagementSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, isError, refetch } = useCurrentSubscription();

  useEffect(() => {
    if (isError) notify('subscription.management.load_failed', { type: 'error' });
  }, [isError, notify]);

  const subscription = data?.has_subscription ? data.subscription : null;
  const coverage = data ? coverageMessage(data) : null;

  return (
    <SettingsSection
      id="subscription"
      title={translate('subscription.management.title')}
      icon={<WorkspacePremiumIcon />}
    >
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('common.retry')}
            </Button>
          }
        >
          {translate('subscription.management.load_failed')}
        </Alert>
      ) : coverage ? (
        <Box data-testid="subscription-coverage">
          <Typography sx={{ fontWeight: 600 }}>{translate(coverage.title, coverage.options)}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {translate(coverage.text, coverage.options)}
          </Typography>
        </Box>
      ) : subscription ? (
        <>
          <SubscriptionDetails current={data} subscription={subscription} />
          <SubscriptionActions subscription={subscription} />
        </>
      ) : (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{translate('subscription.management.none')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('subscription.management.none_text')}
          </Typography>
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => openSubscriptionModal({ mode: 'create' })}>
            {translate('subscription.management.choose_plan')}
          </Button>
        </Box>
      )}
    </SettingsSection>
  );
};
