import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { StatusChip } from '../StatusChip';
import { daysText, formatMoney } from '../statusRules';
import type { CurrentSubscription, Subscription } from '../../api/types';

/** Plan name, description, status badge, days text, price per interval and included features (docs/product-spec.md §2). */
export const SubscriptionDetails = ({
  current,
  subscription,
}: {
  current: CurrentSubscription;
  subscription: Subscription;
}) => {
  const translate = useTranslate();
  const { plan } = current;
  const days = daysText(subscription, current.days_left);
  const interval = plan?.interval ?? 'month';
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }} data-testid="current-plan">
          {plan?.name ?? subscription.plan ?? ''}
        </Typography>
        <StatusChip subscription={subscription} />
        {days && (
          <Typography color="text.secondary" data-testid="subscription-days-text">
            {translate(days.key, { smart_count: days.days })}
          </Typography>
        )}
      </Box>
      {plan?.description && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {plan.description}
        </Typography>
      )}
      {plan && (
        <Typography sx={{ mt: 1.5, fontWeight: 600 }} data-testid="current-plan-price">
          {translate('subscription.management.price', {
            price: formatMoney(plan.price, plan.currency ?? 'USD'),
            interval: translate(`subscription.management.interval.${interval}`, { _: interval }),
          })}
        </Typography>
      )}
      {plan && plan.features.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('subscription.management.features')}
          </Typography>
          <List dense disablePadding sx={{ columns: { sm: 2 } }}>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters sx={{ breakInside: 'avoid' }}>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  <CheckIcon fontSize="small" color="success" />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
};
