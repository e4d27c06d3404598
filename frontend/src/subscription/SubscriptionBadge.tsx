import { Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useTranslate } from 'react-admin';
import { useSubscriptionStatus } from './queries';
import { StatusChip } from './StatusChip';
import { showsDaysWarning } from './statusRules';
import { openSubscriptionModal } from './modalStore';
import { requestFor } from './modeFor';

/**
 * Dashboard badge (docs/product-spec.md §2): plan name and status, the days remaining when 1 to 7 are left, and a
 * Start/Activate Subscription button when there is no valid subscription.
 */
export const SubscriptionBadge = () => {
  const translate = useTranslate();
  const { data, isPending } = useSubscriptionStatus();
  if (isPending) return <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} />;

  const subscription = data?.subscription ?? null;
  const valid = data?.has_valid_subscription ?? false;
  const days = data?.days_until_expiry;
  const planName = data?.plan?.name ?? subscription?.plan ?? null;

  return (
    <Paper
      variant="outlined"
      data-testid="subscription-badge"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, flexWrap: 'wrap' }}
    >
      <WorkspacePremiumIcon color="primary" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="subscription-plan">
          {planName ?? translate('subscription.badge.no_subscription')}
        </Typography>
        {subscription && <StatusChip subscription={subscription} />}
        {showsDaysWarning(days) && (
          <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }} data-testid="subscription-days">
            {translate('subscription.badge.days_remaining', { smart_count: days })}
          </Typography>
        )}
      </Box>
      {!valid && (
        <Button variant="contained" size="small" onClick={() => openSubscriptionModal(requestFor(data))}>
          {translate(subscription ? 'subscription.badge.activate' : 'subscription.badge.start')}
        </Button>
      )}
    </Paper>
  );
};
