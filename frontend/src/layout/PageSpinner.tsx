import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown while a page's code or the auth check loads. */
export const PageSpinner = ({ fullScreen = false }: { fullScreen?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <CircularProgress aria-label={translate('app.loading')} />
    </Box>
  );
};

export const FullPageSpinner = () => <PageSpinner fullScreen />;
