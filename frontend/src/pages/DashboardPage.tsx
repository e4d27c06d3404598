import { useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { SubscriptionBadge } from '../subscription/SubscriptionBadge';

/** Dashboard / reports overview (spec §2 'IFTA Reports'); filled by the reports issue. */
const DashboardPage = () => {
  const translate = useTranslate();
  // The badge sits here until the dashboard issue builds the page around it.
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SubscriptionBadge />
      </Box>
      <PlaceholderPage title={translate('pages.dashboard.title')} text={translate('pages.dashboard.placeholder')} />
    </>
  );
};
DashboardPage.path = '/dashboard';

export default DashboardPage;
