import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../reports/format';
import type { RestoreNotice } from './workSlots';

interface Props {
  notice: RestoreNotice | null;
  onDiscard: () => void;
  onDismiss: () => void;
}

/** Names the unsaved work a reload or a return brought back, and offers the saved version instead. */
export const RestoredNotice = ({ notice, onDiscard, onDismiss }: Props) => {
  const translate = useTranslate();
  if (!notice) return null;
  const what = notice.reportName
    ? translate('calculator.restore.report', { name: notice.reportName })
    : translate('calculator.restore.new_report');
  return (
    <Alert
      severity="info"
      data-testid="restored-notice"
      onClose={onDismiss}
      slotProps={{ closeButton: { title: translate('calculator.restore.keep') } }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onDiscard}>
            {translate('calculator.restore.discard')}
          </Button>
          <Button color="inherit" size="small" onClick={onDismiss}>
            {translate('calculator.restore.keep')}
          </Button>
        </Stack>
      }
    >
      {translate('calculator.restore.restored', {
        what,
        smart_count: notice.lines,
        time: formatDateTime(notice.savedAt),
      })}
    </Alert>
  );
};
