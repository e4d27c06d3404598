import { Alert, Box, Button, CircularProgress, Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePlans } from '../queries';
import { recommendedPlanId } from '../statusRules';
import type { ModalMode } from '../modalStore';
import type { Plan } from '../../api/types';
import { PlanCard } from './PlanCard';
import { useTrialOffered } from '../useTrialOffered';

interface Props {
  mode: ModalMode;
  currentPlanId: Plan['id'] | null;
  selectedPlanId: Plan['id'] | null;
  onChoose: (planId: Plan['id']) => void;
}

/** Step 'plans': one card per plan; the recommended one stands out. */
export const PlanStep = ({ mode, currentPlanId, selectedPlanId, onChoose }: Props) => {
  const translate = useTranslate();
  const { data: plans, isPending, isError, refetch } = usePlans();
  const trialOffered = useTrialOffered();
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (isError || !plans) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {translate('common.retry')}
          </Button>
        }
      >
        {translate('subscription.plans.load_failed')}
      </Alert>
    );
  }
  const recommended = recommendedPlanId(plans);
  // Only a plan change marks the plan already held: the others pay for whichever plan is picked.
  const current = mode === 'change' ? currentPlanId : null;
  return (
    <Grid container spacing={2}>
      {plans.map((plan) => (
        <Grid key={plan.id} size={{ xs: 12, md: plans.length >= 3 ? 4 : 6 }}>
          <PlanCard
            plan={plan}
            recommended={plan.id === recommended}
            current={current !== null && String(plan.id) === String(current)}
            selected={selectedPlanId !== null && String(plan.id) === String(selectedPlanId)}
            trialOffered={trialOffered}
            onChoose={() => onChoose(plan.id)}
          />
        </Grid>
      ))}
    </Grid>
  );
};
