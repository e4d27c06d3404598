import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { formatDateTime } from './format';
import { REPORT_DETAIL_META } from './detailQuery';
import type { Report } from '../api/types';

type Noticed = Pick<Report, 'superseded_by_id' | 'voided' | 'voided_at' | 'void_reason'>;

/**
 * Where a final stands when it is not its return's return of record: voided (when, and the owner's reason), or
 * superseded by a later amendment, named by its number with a link to it. Nothing for any other report.
 */
export const ReturnRecordNotice = ({ report }: { report: Noticed }) => {
  const translate = useTranslate();
  const supersedingId = report.voided ? null : report.superseded_by_id;
  const { data: superseding } = useGetOne<Report>(
    'reports',
    { id: supersedingId ?? '', meta: REPORT_DETAIL_META },
    { enabled: supersedingId !== null, retry: false },
  );
  if (report.voided) {
    return (
      <Alert severity="error" data-testid="voided-notice">
        {translate('reports.amendment.voided_on', {
          date: report.voided_at ? formatDateTime(report.voided_at) : '',
          reason: report.void_reason ?? '',
        })}
      </Alert>
    );
  }
  if (!supersedingId) return null;
  const number = superseding?.amendment_number;
  return (
    <Alert
      severity="info"
      data-testid="superseded-notice"
      action={
        <Link component={RouterLink} to={`/reports/${encodeURIComponent(supersedingId)}`} sx={{ whiteSpace: 'nowrap' }}>
          {translate('reports.amendment.open_superseding')}
        </Link>
      }
    >
      {number
        ? translate('reports.amendment.superseded_by', { number })
        : translate('reports.amendment.superseded_by_return')}
    </Alert>
  );
};
