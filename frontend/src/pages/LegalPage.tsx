import { Box, Button, Container, Paper, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicTopBar } from '../layout/PublicTopBar';
import { usePageTitle } from '../components/usePageTitle';

/** Public terms and privacy pages linked from the sign-up form. */
const LegalPage = ({ topic }: { topic: 'terms' | 'privacy' }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const title = translate(`legal.${topic}.title`);
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PublicTopBar />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)} sx={{ mb: 2 }}>
            {translate('legal.back')}
          </Button>
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ lineHeight: 1.8 }}>
            {translate(`legal.${topic}.body`)}
          </Typography>
        </Paper>
      </Container>
    </Box>
  );
};

export const TermsPage = () => <LegalPage topic="terms" />;
TermsPage.path = '/terms';
export const PrivacyPage = () => <LegalPage topic="privacy" />;
PrivacyPage.path = '/privacy';
