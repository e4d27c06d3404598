import { lazy, Suspense } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DashboardCard } from './DashboardCard';
import { chartHeight, OVERPURCHASE_COLOR, UNDERPURCHASE_COLOR } from './chartStyle';
import type { StateNetGallons } from '../api/types';

const NetGallonsChart = lazy(() => import('./NetGallonsChart'));

const LegendItem = ({ color, label }: { color: string; label: string }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: color, flexShrink: 0 }} />
    <Typography variant="body2">{label}</Typography>
  </Box>
);

/** The dashboard chart of net gallons per state across the account's reports, over and under in two colours. */
export const NetGallonsCard = ({ states }: { states: StateNetGallons[] }) => {
  const translate = useTranslate();
  return (
    <DashboardCard title={translate('dashboard.chart.title')} testId="net-gallons-chart">
      <Typography variant="body2" color="text.secondary">
        {translate('dashboard.chart.subtitle')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        <LegendItem color={OVERPURCHASE_COLOR} label={translate('dashboard.chart.over')} />
        <LegendItem color={UNDERPURCHASE_COLOR} label={translate('dashboard.chart.under')} />
      </Box>
      {states.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate('dashboard.chart.empty')}
        </Typography>
      ) : (
        // The placeholder is as tall as the chart, so the page does not jump when the chart's chunk arrives.
        // overflow hidden: recharts keeps its (hidden) tooltip where it last was, which after a resize or a
        // rotation can sit beyond the screen's edge and make the whole page scroll sideways.
        <Box sx={{ overflow: 'hidden' }}>
          <Suspense fallback={<Skeleton variant="rounded" height={chartHeight(states.length)} />}>
            <NetGallonsChart states={states} />
          </Suspense>
        </Box>
      )}
    </DashboardCard>
  );
};
