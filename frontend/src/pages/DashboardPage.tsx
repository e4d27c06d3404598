import { useTranslate } from 'react-admin';
import { PlaceholderPage } from '../components/PlaceholderPage';

/** Dashboard / reports overview (spec §2 'IFTA Reports'); filled by the reports issue. */
const DashboardPage = () => {
  const translate = useTranslate();
  return <PlaceholderPage title={translate('pages.dashboard.title')} text={translate('pages.dashboard.placeholder')} />;
};
DashboardPage.path = '/dashboard';

export default DashboardPage;
