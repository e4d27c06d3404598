import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportSignature } from '../api/types';
import { formatDateTime } from './format';

/** The detail's line of who prepared the report and who finalised it, from the audit trail (absent before it). */
export const ReportAuthors = ({ report: given }: { report: object }) => {
  const translate = useTranslate();
  // Only GET /reports/{id} adds them; the same cache entry may hold a save's answer without them.
  const report = given as { prepared_by?: ReportSignature | null; finalised_by?: ReportSignature | null };
  const parts = [
    report.prepared_by
      ? translate('reports.detail.prepared_by', {
          email: report.prepared_by.email ?? translate('reports.detail.someone'),
          date: formatDateTime(report.prepared_by.at),
        })
      : null,
    report.finalised_by
      ? translate('reports.detail.finalised_by', {
          email: report.finalised_by.email ?? translate('reports.detail.someone'),
          date: formatDateTime(report.finalised_by.at),
        })
      : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return (
    <Typography data-testid="report-authors" color="text.secondary" variant="body2" sx={{ mt: 0.25 }}>
      {parts.join(' · ')}
    </Typography>
  );
};
