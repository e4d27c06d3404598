import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePlans } from '../queries';
import { formatUsd } from '../statusRules';
import type { Plan } from '../../api/types';

/** The plan being paid for, above the card choice and the card form. */
export const SelectedPlanSummary = ({ planId }: { planId: Plan['id'] }) => {
  const translate = useTranslate();
  const plan = usePlans().data?.find((candidate) => String(candidate.id) === String(planId));
  if (!plan) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('subscription.payment.selected_plan')}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="selected-plan">
          {plan.name}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700 }}>
        {formatUsd(plan.price)}
        {translate('subscription.plans.per_month')}
      </Typography>
    </Paper>
  );
};
