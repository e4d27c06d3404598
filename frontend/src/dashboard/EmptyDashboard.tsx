import { Button, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** docs/product-spec.md §2 empty state: 'No Reports Yet' with 'Create First Report'. */
export const EmptyDashboard = () => {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      data-testid="dashboard-empty"
      sx={{
        p: { xs: 4, sm: 6 },
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <AssessmentIcon sx={{ fontSize: 56, color: 'primary.light' }} />
      <Typography variant="h5" component="h2">
        {translate('dashboard.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {translate('dashboard.empty.text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/calculator" startIcon={<AddIcon />}>
        {translate('dashboard.empty.create')}
      </Button>
    </Paper>
  );
};
