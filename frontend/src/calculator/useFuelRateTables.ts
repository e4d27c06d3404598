import { useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { foldRatesInForce, ratesQuarterOf, type RatesByFuel } from '@ifta/index';
import { useRateHistoryProvider } from '../providers/useRateHistoryProvider';
import type { RatesInForce } from '../api/types';
import { RATES_IN_FORCE_STALE_MS, ratesInForceKey } from './RatesQuarterNotice';
import { ratesToApply } from '../tax-rates/rateHistory';

/**
 * One answer per fuel type. Kept outside the hook: a stable combine runs only when the results change, so the folded
 * tables stay the same object between renders and the preview is not recomputed for nothing.
 */
const loadedRates = (results: Array<UseQueryResult<RatesInForce>>) => ({
  loaded: results.map((result) => result.data),
  isLoading: results.some((result) => result.isPending),
});

/**
 * The rates for the report's quarter (a month uses the quarter that holds it, as the server does): its own and, for
 * jurisdictions it has none for, the newest quarter's, provisional; one request per fuel type its lines use (the
 * cache entries the quarter notice reads), folded per code as the server folds them.
 */
export const useFuelRateTables = (period: string, fuelTypes: readonly string[]) => {
  const provider = useRateHistoryProvider();
  const quarter = ratesQuarterOf(period);
  const { loaded, isLoading } = useQueries({
    queries: (quarter ? fuelTypes : []).map((fuelType) => ({
      queryKey: ratesInForceKey(quarter ?? period, fuelType),
      queryFn: () => provider.getRatesInForce(quarter ?? period, fuelType),
      staleTime: RATES_IN_FORCE_STALE_MS,
      retry: false,
    })),
    combine: loadedRates,
  });
  const ratesByFuel = useMemo((): RatesByFuel => {
    const map = new Map<string, ReturnType<typeof foldRatesInForce>>();
    loaded.forEach((data: RatesInForce | undefined) => {
      if (data) map.set(data.fuel_type, foldRatesInForce(ratesToApply(data)));
    });
    return map;
  }, [loaded]);
  return { ratesByFuel, isLoading };
};
