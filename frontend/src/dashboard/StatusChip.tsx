import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isDraftReport } from '../api/reports';
import type { ReportStatus } from '../api/types';

/** docs/product-spec.md §2 badge: Draft in yellow, Final in green. */
export const StatusChip = ({ report }: { report: { status: ReportStatus; is_final: boolean } }) => {
  const translate = useTranslate();
  const draft = isDraftReport(report);
  return (
    <Chip
      size="small"
      color={draft ? 'warning' : 'success'}
      variant={draft ? 'outlined' : 'filled'}
      label={translate(draft ? 'dashboard.status.draft' : 'dashboard.status.final')}
    />
  );
};
