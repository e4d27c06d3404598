import { useTranslate } from 'react-admin';
import { PlaceholderPage } from '../components/PlaceholderPage';

/** Report list (spec §2 'IFTA Reports' / 'Manage tax reports'); filled by the reports issue. */
const ReportList = () => {
  const translate = useTranslate();
  return (
    <PlaceholderPage
      title={translate('pages.reports.title')}
      subtitle={translate('pages.reports.subtitle')}
      text={translate('pages.reports.placeholder')}
    />
  );
};

export default ReportList;
