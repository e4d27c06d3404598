import type { ReactNode } from 'react';
import { Box, Container, Paper, Typography } from '@mui/material';
import { PublicTopBar } from '../../layout/PublicTopBar';
import { usePageTitle } from '../../components/usePageTitle';
import { MarketingPanel } from './MarketingPanel';

/** The two-column card of the sign-in and sign-up screens: form left, marketing copy right. */
export const AuthShell = ({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) => {
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <PublicTopBar />
      <Container maxWidth="lg" sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', py: { xs: 2, md: 6 } }}>
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            boxShadow: '0 20px 45px -20px rgba(15, 23, 42, 0.25)',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Box component="main" sx={{ p: { xs: 3, sm: 5, md: 6 } }}>
            <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              {subtitle}
            </Typography>
            {children}
          </Box>
          <MarketingPanel />
        </Paper>
      </Container>
    </Box>
  );
};
