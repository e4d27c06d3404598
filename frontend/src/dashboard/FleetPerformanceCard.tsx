import { Box, LinearProgress, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { DashboardCard } from './DashboardCard';
import { formatMpg } from './format';

/** docs/product-spec.md §9: the MPG bar is full at 15. */
const MPG_BAR_FULL = 15;

/** Fleet Performance: the average MPG and a bar where 15 MPG is full (docs/product-spec.md §2). */
export const FleetPerformanceCard = ({ averageMpg }: { averageMpg: number }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const percent = Math.min(100, Math.max(0, (averageMpg / MPG_BAR_FULL) * 100));
  return (
    <DashboardCard title={translate('dashboard.fleet.title')} testId="fleet-performance">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h4" component="p" data-testid="average-mpg">
          {formatMpg(averageMpg, locale)}
        </Typography>
        <Typography color="text.secondary">{translate('dashboard.fleet.average_mpg')}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={translate('dashboard.fleet.bar_label')}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          0
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('dashboard.fleet.scale_end')}
        </Typography>
      </Box>
    </DashboardCard>
  );
};
