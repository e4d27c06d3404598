import { Suspense, type ReactNode } from 'react';
import { Box, Container } from '@mui/material';
import { TopBar } from './TopBar';
import { PageSpinner } from './PageSpinner';
import { useApplySavedLanguage } from './useApplySavedLanguage';
import { SubscriptionGate } from '../subscription/SubscriptionGate';
import { EmailProofBanner } from './EmailProofBanner';

/** The signed-in shell: a top navigation bar instead of react-admin's sidebar, and the subscription gate. */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  useApplySavedLanguage();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <SubscriptionGate />
      <EmailProofBanner />
      <Container component="main" maxWidth="lg" sx={{ py: 4, flexGrow: 1 }}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </Container>
    </Box>
  );
};
