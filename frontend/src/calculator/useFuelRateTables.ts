import { useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { foldRatesInForce, ratesQuarterOf, type RatesByFuel } from '@ifta/index';
import { useRateHistoryProvider } from '../providers/useRateHistoryProvider';
import type { RatesInForce } from '../api/types';
import { RATES_IN_FORCE_STALE_MS, ratesInForceKey } from './RatesQuarterNotice';

/**
 * One answer per fuel type. Kept outside the hook: a stable combine runs only when the results change, so the folded
 * tables stay the same object between renders and the preview is not recomputed for nothing.
 */
const loadedRates = (results: Array<UseQueryResult<RatesInForce>>) => ({
  loaded: results.map((result) => result.data),
  isLoading: results.some((result) => result.isPending),
});

/**
 * The rates in force for the report's quarter (a month uses the quarter that holds it, as the server does), one
 * request per fuel type its lines use (the cache entries the quarter notice reads), folded per code as the server
 * folds them. A fuel whose rates have not arrived is absent, so its lines show their typed rate until they do.
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
      if (data) map.set(data.fuel_type, foldRatesInForce(data.rates));
    });
    return map;
  }, [loaded]);
  return { ratesByFuel, isLoading };
};
