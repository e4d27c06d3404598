import { Button, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { SettingsSection } from './SettingsSection';

/** Where Settings leads to the company's activity (the audit trail), which any member may read. */
export const ActivitySection = () => {
  const translate = useTranslate();
  return (
    <SettingsSection id="activity" title={translate('audit.title')} icon={<HistoryIcon />}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('audit.hint')}
      </Typography>
      <Button component={Link} to="/audit-events" variant="outlined" startIcon={<HistoryIcon />}>
        {translate('audit.open')}
      </Button>
    </SettingsSection>
  );
};
