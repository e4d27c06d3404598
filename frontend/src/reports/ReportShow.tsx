import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PlaceholderPage } from '../components/PlaceholderPage';

/** Report detail at /reports/:id (spec §2); filled by the reports issue. */
const ReportShow = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={translate('pages.report.title')} text={translate('pages.report.placeholder', { id })} />
  );
};

export default ReportShow;
