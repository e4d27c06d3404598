import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useRateHistoryProvider } from '../providers/useRateHistoryProvider';
import { effectiveDates } from '../tax-rates/rateHistory';

/** The rates of a quarter change only by an import or an edit: a minute's freshness is plenty. */
const STALE_MS = 60_000;

/** Which quarter's rates are in force for the report's period, and how many (issue 12). */
export const useRatesInForce = (period: string, fuelType = 'diesel') => {
  const provider = useRateHistoryProvider();
  return useQuery({
    queryKey: ['rates-in-force', period, fuelType],
    queryFn: () => provider.getRatesInForce(period, fuelType),
    staleTime: STALE_MS,
    retry: false,
  });
};

/**
 * The calculator's line under General Information: the quarter whose rates apply and their effective dates, or a
 * warning that the quarter has none, with the way to the Tax Rates page where its matrix can be imported.
 */
export const RatesQuarterNotice = ({ period }: { period: string }) => {
  const translate = useTranslate();
  const { data } = useRatesInForce(period);
  if (!data) return null;
  if (data.rates.length === 0) {
    return (
      <Alert
        severity="warning"
        role="status"
        data-testid="rates-quarter-notice"
        action={
          <Button component={Link} to="/tax-rates" color="inherit" size="small">
            {translate('rateHistory.notice.open_tax_rates')}
          </Button>
        }
      >
        {translate('rateHistory.notice.none', { period })}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" data-testid="rates-quarter-notice">
      {translate('rateHistory.notice.in_force', {
        period,
        count: data.rates.length,
        dates: effectiveDates(data.rates).join(', '),
      })}
    </Alert>
  );
};
