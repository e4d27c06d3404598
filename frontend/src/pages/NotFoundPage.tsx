import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { usePageTitle } from '../components/usePageTitle';

/** Any unknown private path. */
const NotFoundPage = () => {
  const translate = useTranslate();
  usePageTitle(translate('pages.not_found.title'));
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('pages.not_found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('pages.not_found.text')}
      </Typography>
      <Button component={Link} to="/dashboard" variant="contained">
        {translate('pages.not_found.home')}
      </Button>
    </Box>
  );
};

export default NotFoundPage;
