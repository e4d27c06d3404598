import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, reportTitle } from './format';
import { FuelChips } from './FuelChips';
import { ReportRowActions } from './ReportRowActions';
import { AmendmentBadge } from './AmendmentBadge';
import { StatusBadge } from './StatusBadge';
import { SettlementCell } from './SettlementStatus';
import type { ReportSummary } from '../api/types';

/**
 * The report list on a phone: one card per report with the table's columns as labelled lines, so
 * nothing, the actions least of all, hides beyond the right edge of the screen.
 */
export const ReportCards = ({
  reports,
  onDelete,
}: {
  reports: readonly ReportSummary[];
  onDelete: (report: ReportSummary) => void;
}) => {
  const translate = useTranslate();
  return (
    <Stack component="ul" aria-label={translate('reports.list.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {reports.map((report) => (
        <Box
          component="li"
          key={report.id}
          data-testid="report-row"
          sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Link component={RouterLink} to={`/reports/${report.id}`} underline="hover" sx={{ fontWeight: 600 }}>
              {reportTitle(report, translate)}
            </Link>
            <Box>
              <StatusBadge report={report} />
              <AmendmentBadge report={report} />
              <SettlementCell report={report} />
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {report.company_name} · {report.tax_period} ·{' '}
            {translate('reports.columns.jurisdiction_count', {
              smart_count: report.jurisdiction_count,
            })}
          </Typography>
          <FuelChips report={report} />
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatDateTime(report.created_at)}
          </Typography>
          <Box sx={{ mt: 0.5, ml: -1 }}>
            <ReportRowActions report={report} onDelete={onDelete} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
};
