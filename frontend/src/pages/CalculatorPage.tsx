import { useTranslate } from 'react-admin';
import { PlaceholderPage } from '../components/PlaceholderPage';

/** Calculator (spec §2); filled by the calculator issue. Reads ?edit={id} then. */
const CalculatorPage = () => {
  const translate = useTranslate();
  return (
    <PlaceholderPage title={translate('pages.calculator.title')} text={translate('pages.calculator.placeholder')} />
  );
};
CalculatorPage.path = '/calculator';

export default CalculatorPage;
