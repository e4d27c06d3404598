import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isDraftReport } from '../api/reports';
import type { Report } from '../api/types';

/** Draft in yellow, Final in green (docs/product-spec.md §2 Report detail). */
export const StatusBadge = ({
  report,
  size = 'small',
}: {
  report: Pick<Report, 'status' | 'is_final'>;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  const draft = isDraftReport(report);
  return (
    <Chip
      size={size}
      label={translate(draft ? 'reports.status.draft' : 'reports.status.final')}
      data-testid="status-badge"
      sx={
        draft
          ? { bgcolor: '#fef3c7', color: '#854d0e', border: '1px solid #fcd34d', fontWeight: 600 }
          : { bgcolor: '#dcfce7', color: '#166534', border: '1px solid #86efac', fontWeight: 600 }
      }
    />
  );
};
