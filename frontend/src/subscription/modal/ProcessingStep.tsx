import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Step 'processing': the call runs; the modal cannot be left meanwhile. */
export const ProcessingStep = () => {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress />
      <Typography color="text.secondary">{translate('subscription.modal.processing_text')}</Typography>
    </Box>
  );
};
