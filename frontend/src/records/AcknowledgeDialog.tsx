import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { HealthFinding } from '../api/types';
import { failureReason } from '../notifications/useNotifyFailure';
import { RECORD_REPORTS, recordsProvider } from '../providers/recordsProvider';

/** Acknowledges one finding with a note; the server's 400 (naming the field) shows here and the note stays. */
export const AcknowledgeDialog = ({
  finding,
  text,
  onClose,
}: {
  finding: HealthFinding;
  text: string;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(finding.acknowledgement_note ?? '');
  const save = useMutation({
    mutationFn: () => recordsProvider.acknowledge({ check: finding.check, key: finding.key, note }),
    onSuccess: async () => {
      notify('recordsHealth.dialog.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [RECORD_REPORTS.health] });
      onClose();
    },
  });
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="ack-title">
      <DialogTitle id="ack-title">{translate('recordsHealth.dialog.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" icon={false} sx={{ mb: 2 }}>
          {text}
        </Alert>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          name="note"
          label={translate('recordsHealth.dialog.note')}
          helperText={translate('recordsHealth.dialog.note_help')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {save.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failureReason(save.error, translate)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {translate('recordsHealth.dialog.cancel')}
        </Button>
        <Button variant="contained" disabled={save.isPending || note.trim() === ''} onClick={() => save.mutate()}>
          {translate('recordsHealth.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
