import { Alert, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DEFAULT_FUEL_TYPE, ratesQuarterOf } from '@ifta/index';
import { useRateHistoryProvider } from '../providers/useRateHistoryProvider';
import { effectiveDates, matrixQuarterName } from '../tax-rates/rateHistory';
import { formatInstant } from '../calendar/displaySettings';

/** The rates of a quarter change only by an import or an edit: a minute's freshness is plenty. */
export const RATES_IN_FORCE_STALE_MS = 60_000;
export const ratesInForceKey = (period: string, fuelType: string) => ['rates-in-force', period, fuelType];

/** Which quarter's rates are in force for the report's period, and how many, and whether they are provisional. */
export const useRatesInForce = (period: string, fuelType: string = DEFAULT_FUEL_TYPE) => {
  const provider = useRateHistoryProvider();
  // A monthly period uses the rates of the quarter that holds it, as the server does.
  const quarter = ratesQuarterOf(period) ?? period;
  return useQuery({
    queryKey: ratesInForceKey(quarter, fuelType),
    queryFn: () => provider.getRatesInForce(quarter, fuelType),
    staleTime: RATES_IN_FORCE_STALE_MS,
    retry: false,
  });
};

/**
 * The calculator's line under General Information: the quarter whose rates apply and their effective dates, or a
 * warning that the quarter has none, with the way to the Tax Rates page where its matrix can be imported. One line
 * per fuel type the report uses (diesel when it has no lines yet).
 */
export const RatesQuarterNotice = ({
  period,
  fuelTypes = [DEFAULT_FUEL_TYPE],
}: {
  period: string;
  fuelTypes?: string[];
}) => (
  <Stack spacing={1} data-testid="rates-quarter-notices">
    {fuelTypes.map((fuelType) => (
      <FuelRatesNotice key={fuelType} period={period} fuelType={fuelType} named={fuelTypes.length > 1} />
    ))}
  </Stack>
);

const FuelRatesNotice = ({ period, fuelType, named }: { period: string; fuelType: string; named: boolean }) => {
  const translate = useTranslate();
  const { data } = useRatesInForce(period, fuelType);
  if (!data) return null;
  // With several fuels each line names its fuel; with diesel only it reads as before.
  const prefix = named ? `${translate(`rateHistory.fuel_types.${fuelType}`)}: ` : '';
  if (data.rates.length === 0 && data.provisional_from) {
    return (
      <Alert
        severity="warning"
        role="status"
        data-testid="rates-quarter-notice"
        data-provisional-from={data.provisional_from}
        action={
          <Button component={Link} to="/tax-rates" color="inherit" size="small">
            {translate('rateHistory.notice.open_tax_rates')}
          </Button>
        }
      >
        {prefix}
        {translate('rateHistory.notice.provisional', { period, from: matrixQuarterName(data.provisional_from) })}
      </Alert>
    );
  }
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
        {prefix}
        {translate('rateHistory.notice.none', { period })}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" data-testid="rates-quarter-notice">
      {prefix}
      {translate('rateHistory.notice.in_force', {
        period,
        count: data.rates.length,
        dates: effectiveDates(data.rates).join(', '),
      })}
      {data.matrix ? (
        <>
          {' '}
          <span data-testid="rates-matrix" data-matrix-quarter={data.matrix.quarter}>
            {translate('rateHistory.notice.matrix', {
              quarter: matrixQuarterName(data.matrix.quarter),
              version: data.matrix.version,
              date: formatInstant(data.matrix.fetched_at, false),
            })}
          </span>
        </>
      ) : null}
    </Alert>
  );
};
