import { Box, Button, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';

/** docs/product-spec.md §2: shown instead of the card form when the payment provider cannot be loaded. */
export const PaymentSystemError = ({ onRetry, onBack }: { onRetry: () => void; onBack: () => void }) => {
  const translate = useTranslate();
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 4 }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
        {translate('subscription.provider.error_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate('subscription.provider.load_failed')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1, mt: 3 }}>
        <Button onClick={onBack}>{translate('subscription.modal.back')}</Button>
        <Button variant="contained" onClick={onRetry}>
          {translate('common.retry')}
        </Button>
      </Box>
    </Box>
  );
};
