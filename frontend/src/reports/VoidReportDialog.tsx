import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { serverErrorText } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { Report } from '../api/types';
import { reportTitle } from './format';

/** The server's bounds of a reason (VoidReportDto), checked here first so the button says what is missing. */
const REASON_MIN = 5;
const REASON_MAX = 500;

type Voidable = Pick<Report, 'id' | 'name' | 'tax_period'> & Partial<Pick<Report, 'amendment_number'>>;

/**
 * "Void…" of a return of record: a filed return is never deleted while it is the one on record, it is voided with a
 * reason, kept and marked. Every cached report is read again, since the return's earlier final becomes its record.
 */
export const VoidReportDialog = ({ report, onClose }: { report: Voidable | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const short = trimmed.length < REASON_MIN;
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const voiding = useMutation({
    mutationFn: (target: Voidable) => dataProvider.voidReport(target.id, trimmed),
    onSuccess: async () => {
      notify('reports.void.done', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      close();
    },
    onError: (error: unknown) => {
      const message =
        (error instanceof HttpError ? serverErrorText(error.body) : undefined) ??
        (error as Error | null)?.message ??
        '';
      notify('reports.void.failed', { type: 'error', messageArgs: { message } });
    },
  });
  return (
    <Dialog open={report !== null} onClose={voiding.isPending ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate('reports.void.title', { name: report ? reportTitle(report, translate) : '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('reports.void.explain', { period: report?.tax_period ?? '' })}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={translate('reports.void.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          onBlur={() => setTouched(true)}
          error={touched && short}
          helperText={translate(touched && short ? 'reports.void.reason_short' : 'reports.void.reason_help')}
          slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'void-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={voiding.isPending}>
          {translate('common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={short || voiding.isPending}
          startIcon={voiding.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          onClick={() => report && voiding.mutate(report)}
        >
          {translate(voiding.isPending ? 'reports.void.voiding' : 'reports.void.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
