import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isDraft, type ReportStatus } from './types';

/** Spec §2 badge: Draft in yellow, Final in green. */
export const StatusChip = ({ report }: { report: { status: ReportStatus; is_final: boolean } }) => {
  const translate = useTranslate();
  const draft = isDraft(report);
  return (
    <Chip
      size="small"
      color={draft ? 'warning' : 'success'}
      variant={draft ? 'outlined' : 'filled'}
      label={translate(draft ? 'dashboard.status.draft' : 'dashboard.status.final')}
    />
  );
};
