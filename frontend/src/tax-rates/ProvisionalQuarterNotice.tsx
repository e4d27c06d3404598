import { Alert } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { DEFAULT_FUEL_TYPE } from '@ifta/index';
import { useRatesInForce } from '../calculator/RatesQuarterNotice';
import { matrixQuarterName } from './rateHistory';

/**
 * Under the Quarter filter: a quarter with no rates of its own is not empty for a return, which takes the newest
 * quarter's rates, marked provisional, until the quarter's matrix is imported; the page says so.
 */
export const ProvisionalQuarterNotice = () => {
  const { filterValues } = useListContext();
  const quarter = (filterValues as { quarter?: string }).quarter;
  if (!quarter) return null;
  const fuelType = (filterValues as { fuel_type?: string }).fuel_type ?? DEFAULT_FUEL_TYPE;
  return <QuarterNotice quarter={quarter} fuelType={fuelType} />;
};

const QuarterNotice = ({ quarter, fuelType }: { quarter: string; fuelType: string }) => {
  const translate = useTranslate();
  const { data } = useRatesInForce(quarter, fuelType);
  if (!data || data.rates.length > 0 || !data.provisional_from) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="tax-rates-provisional-notice">
      {translate('rateHistory.notice.provisional_table', {
        period: quarter,
        from: matrixQuarterName(data.provisional_from),
      })}
    </Alert>
  );
};
