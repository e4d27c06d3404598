import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import TaskIcon from '@mui/icons-material/TaskAlt';
import { useTranslate } from 'react-admin';
import type { ReportStatus } from '../api/types';
import { formatDay } from '../calendar/displaySettings';
import { formatMoney, formatRemit } from '../reports/format';
import { useFilingCalendar } from '../calendar/useFilingCalendar';
import { type DueLine, lateWarning } from './lateWarning';
import { useCan } from '../providers/memberRole';

interface Props {
  onSave: (status: ReportStatus) => void;
  isSaving: boolean;
  savingStatus: ReportStatus | undefined;
  period: string;
  /** The return's lines as penalty and interest read them. */
  lines: readonly DueLine[];
}

/**
 * What filing late today adds, when the period is past its due date: today and the interest table come with the
 * filing calendar, read only while the confirmation is open (a save then refetches nothing more than before).
 */
const LateFinalWarning = ({ period, lines }: { period: string; lines: readonly DueLine[] }) => {
  const translate = useTranslate();
  const { data: calendar } = useFilingCalendar();
  const late = calendar ? lateWarning(period, calendar.today, lines, calendar.interest_rates) : null;
  if (!late) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="late-final-warning">
      {translate(
        late.interest === null ? 'calculator.confirm_final.late_rate_missing' : 'calculator.confirm_final.late',
        {
          date: formatDay(late.dueDate),
          penalty: formatMoney(late.penalty),
          interest: formatMoney(late.interest ?? 0),
          total: formatRemit(late.totalToRemit ?? 0, translate),
        },
      )}
    </Alert>
  );
};

/**
 * Save Draft and Save Final Report (docs/product-spec.md §2). A final report is the return as filed and is locked,
 * so Save Final asks first, and says when the return is late and what penalty and interest that adds. A viewer,
 * who reads and downloads only, is not offered either.
 */
export const SaveActions = ({ onSave, isSaving, savingStatus, period, lines }: Props) => {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const writes = useCan('bookkeeper');
  const label = (status: ReportStatus, key: string) =>
    translate(isSaving && savingStatus === status ? 'calculator.actions.saving' : key);
  const confirmFinal = () => {
    setConfirming(false);
    onSave('final');
  };
  if (!writes) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5 }}>
      <Button
        variant="outlined"
        size="large"
        disabled={isSaving}
        startIcon={isSaving && savingStatus === 'draft' ? <CircularProgress size={18} /> : <SaveIcon />}
        onClick={() => onSave('draft')}
      >
        {label('draft', 'calculator.actions.save_draft')}
      </Button>
      <Button
        variant="contained"
        size="large"
        disabled={isSaving}
        startIcon={isSaving && savingStatus === 'final' ? <CircularProgress size={18} color="inherit" /> : <TaskIcon />}
        onClick={() => setConfirming(true)}
      >
        {label('final', 'calculator.actions.save_final')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="confirm-final-title">
        <DialogTitle id="confirm-final-title">{translate('calculator.confirm_final.title', { period })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('calculator.confirm_final.content')}</DialogContentText>
          {confirming ? <LateFinalWarning period={period} lines={lines} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('calculator.confirm_final.cancel')}</Button>
          <Button variant="contained" onClick={confirmFinal} autoFocus>
            {translate('calculator.confirm_final.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
