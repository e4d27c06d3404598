import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** docs/product-spec.md §2: a full-screen wait screen, in Russian, while the subscription status loads. */
export const SubscriptionWaitScreen = () => {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="subscription-checking"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress />
      <Typography color="text.secondary" lang="ru">
        {translate('subscription.checking')}
      </Typography>
    </Box>
  );
};
