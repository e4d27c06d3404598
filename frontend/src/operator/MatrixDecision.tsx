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
  TextField,
} from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import RestoreIcon from '@mui/icons-material/Restore';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { OPERATOR_RESOURCES } from '../providers/operatorProvider';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { OfficialMatrix, PublishOutcome } from '../api/types';
import { fieldErrors, REASON_MIN_LENGTH } from './operatorConsole';

type Decision = 'publish' | 'restore';

/**
 * What an operator may decide about a version other than the one in force: publish a held version (it removes rates
 * from every account, listed above it), or bring an earlier version back. Either asks why, and the reason stays with
 * the version in its history.
 */
export const MatrixDecision = ({ matrix }: { matrix: OfficialMatrix }) => {
  const decision: Decision | null =
    matrix.status === 'held' ? 'publish' : matrix.status === 'superseded' ? 'restore' : null;
  const [open, setOpen] = useState(false);
  if (!decision) return null;
  return (
    <>
      <DecisionButton decision={decision} onClick={() => setOpen(true)} />
      {open ? <DecisionDialog matrix={matrix} decision={decision} onClose={() => setOpen(false)} /> : null}
    </>
  );
};

const DecisionButton = ({ decision, onClick }: { decision: Decision; onClick: () => void }) => {
  const translate = useTranslate();
  return (
    <Button
      variant="contained"
      color={decision === 'publish' ? 'warning' : 'primary'}
      startIcon={decision === 'publish' ? <PublishIcon /> : <RestoreIcon />}
      onClick={onClick}
    >
      {translate(`operator.decision.${decision}.button`)}
    </Button>
  );
};

const DecisionDialog = ({
  matrix,
  decision,
  onClose,
}: {
  matrix: OfficialMatrix;
  decision: Decision;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const dataProvider = useIftaDataProvider();
  const [reason, setReason] = useState('');
  const decide = useMutation<PublishOutcome, Error, string>({
    mutationFn: (why) =>
      decision === 'publish'
        ? dataProvider.publishHeldMatrix(matrix.id, why)
        : dataProvider.restoreMatrix(matrix.id, why),
  });
  const tooShort = reason.trim().length < REASON_MIN_LENGTH;
  const failure = decide.error
    ? (fieldErrors(decide.error).reason ?? translate(errorMessage(decide.error, 'operator.unknown_error')))
    : null;
  const submit = () => {
    if (tooShort || decide.isPending) return;
    decide.mutate(reason.trim(), {
      onSuccess: (outcome) => {
        notify(translate(`operator.decision.${decision}.done`, outcome.matrix), { type: 'success' });
        onClose();
        // A restore is a new version: its page is where the operator sees what is in force now.
        if (outcome.matrix.id !== matrix.id) navigate(`/${OPERATOR_RESOURCES.matrices}/${outcome.matrix.id}/show`);
        else refresh();
      },
    });
  };
  return (
    <Dialog
      open
      onClose={decide.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="matrix-decision-title"
    >
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="matrix-decision-title">{translate(`operator.decision.${decision}.title`, matrix)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate(`operator.decision.${decision}.text`, matrix)}
          </DialogContentText>
          <TextField
            autoFocus
            required
            multiline
            minRows={2}
            label={translate('operator.decision.reason')}
            helperText={translate('operator.decision.reason_help')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'matrix-decision-reason' } }}
          />
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={decide.isPending}>
            {translate('operator.decision.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={tooShort || decide.isPending}
            startIcon={decide.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(`operator.decision.${decision}.confirm`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
