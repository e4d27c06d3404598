import { useTranslate } from 'react-admin';
import { PlaceholderPage } from '../components/PlaceholderPage';

/** Tax Rate Management (spec §2); filled by the tax-rates issue. */
const TaxRateList = () => {
  const translate = useTranslate();
  return <PlaceholderPage title={translate('pages.tax_rates.title')} text={translate('pages.tax_rates.placeholder')} />;
};

export default TaxRateList;
