import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Report } from '../api/types';
import { formatMoney } from './format';

/**
 * A late return's total to remit beside the spec's total: tax and surcharges plus the late penalty and interest,
 * as the server computed it, so the screen never shows a late return owing its tax alone.
 */
export const TotalToRemit = ({ report }: { report: Pick<Report, 'total_to_remit'> }) => {
  const translate = useTranslate();
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
        {formatMoney(report.total_to_remit)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('reports.summary.total_to_remit_hint')}
      </Typography>
    </Box>
  );
};
