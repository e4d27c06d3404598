import { Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { PLAN_FEATURES_SHOWN } from '../constants';
import { formatUsd } from '../statusRules';
import type { Plan } from '../../api/types';

interface Props {
  plan: Plan;
  recommended: boolean;
  current: boolean;
  selected: boolean;
  /** False for a company that subscribed before: it is charged at once. */
  trialOffered: boolean;
  onChoose: () => void;
}

/** docs/product-spec.md §2: name, description, monthly USD price, trial days and the first 4 features. */
export const PlanCard = ({ plan, recommended, current, selected, trialOffered, onChoose }: Props) => {
  const translate = useTranslate();
  return (
    <Paper
      component="article"
      aria-label={plan.name}
      data-testid="plan-card"
      variant="outlined"
      sx={{
        p: 2.5,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        position: 'relative',
        borderColor: recommended || selected ? 'primary.main' : 'divider',
        // A second pixel of border drawn inside, so the highlighted card's content does not shift by one.
        boxShadow: (theme) => (recommended || selected ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none'),
      }}
    >
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {plan.name}
      </Typography>
      {/* A row of its own, kept even when empty, so descriptions and prices line up across the cards. */}
      <Box sx={{ display: 'flex', gap: 1, minHeight: 24, mt: -1 }}>
        {recommended && <Chip size="small" color="primary" label={translate('subscription.plans.recommended')} />}
        {current && <Chip size="small" variant="outlined" label={translate('subscription.plans.current')} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: 40 }}>
        {plan.description}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="plan-price">
          {formatUsd(plan.price)}
        </Typography>
        <Typography color="text.secondary">{translate('subscription.plans.per_month')}</Typography>
      </Box>
      {trialOffered && plan.trial_days > 0 && (
        <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
          {translate('subscription.plans.trial', { smart_count: plan.trial_days })}
        </Typography>
      )}
      <List dense disablePadding sx={{ flexGrow: 1 }}>
        {plan.features.slice(0, PLAN_FEATURES_SHOWN).map((feature) => (
          <ListItem key={feature} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 28, mt: 0.5 }}>
              <CheckIcon fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText primary={feature} />
          </ListItem>
        ))}
      </List>
      <Button
        variant={recommended ? 'contained' : 'outlined'}
        onClick={onChoose}
        disabled={current}
        aria-label={translate('subscription.plans.select', { name: plan.name })}
      >
        {translate(current ? 'subscription.plans.current' : 'subscription.plans.choose')}
      </Button>
    </Paper>
  );
};
