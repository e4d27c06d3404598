import { Box, Button, CircularProgress } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslate } from 'react-admin';

/** Back and the submit button, enabled only when the card is complete, the provider loaded and nothing busy. */
export const CardFormActions = ({
  submitLabel,
  canSubmit,
  busy,
  onBack,
}: {
  submitLabel: string;
  canSubmit: boolean;
  busy: boolean;
  onBack: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3, gap: 1 }}>
      <Button onClick={onBack} disabled={busy}>
        {translate('subscription.modal.back')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={!canSubmit || busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <LockIcon />}
      >
        {busy ? translate('subscription.payment.processing') : submitLabel}
      </Button>
    </Box>
  );
};
