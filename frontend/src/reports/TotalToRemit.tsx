import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Report } from '../api/types';
import { formatRemit } from './format';

/**
 * A late return's total to remit beside the spec's total: tax and surcharges plus the late penalty and interest,
 * as the server computed it, so the screen never shows a late return owing its tax alone. An amended return remits
 * only its difference from the final it amends; a negative total is a credit to claim, said so.
 */
export const TotalToRemit = ({ report }: { report: Pick<Report, 'total_to_remit' | 'difference'> }) => {
  const translate = useTranslate();
  const total = report.total_to_remit;
  return (
    <Box data-testid="total-to-remit">
      <Typography variant="overline" color="text.secondary" component="div">
        {translate('reports.summary.total_to_remit')}
      </Typography>
      <Typography
        variant="h5"
        component="div"
        data-testid="total-to-remit-amount"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatRemit(total, translate)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(report.difference ? 'reports.summary.amendment_remit_hint' : 'reports.summary.total_to_remit_hint')}
      </Typography>
    </Box>
  );
};
