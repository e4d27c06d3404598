import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DashboardCard } from './DashboardCard';
import { formatDate } from './format';
import { StatusChip } from './StatusChip';
import type { LatestActivity } from '../api/types';

/** Latest Activity: the most recent report by created date (docs/product-spec.md §2). */
export const LatestActivityCard = ({ latest }: { latest: LatestActivity }) => {
  const translate = useTranslate();
  return (
    <DashboardCard title={translate('dashboard.latest.title')} testId="latest-activity">
      <Link
        component={RouterLink}
        to={`/reports/${encodeURIComponent(latest.id)}`}
        variant="subtitle1"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {latest.name}
      </Link>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <StatusChip report={latest} />
        <Typography variant="body2" color="text.secondary">
          {formatDate(latest.created_at)}
        </Typography>
      </Box>
      <Typography variant="body2">
        {translate('dashboard.latest.jurisdictions', { smart_count: latest.jurisdiction_count })}
      </Typography>
    </DashboardCard>
  );
};
