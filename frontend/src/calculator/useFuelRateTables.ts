import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { foldRatesInForce, ratesQuarterOf, type RatesByFuel } from '@ifta/index';
import { useRateHistoryProvider } from '../providers/useRateHistoryProvider';
import type { RatesInForce } from '../tax-rates/rateHistory';
import { RATES_IN_FORCE_STALE_MS, ratesInForceKey } from './RatesQuarterNotice';

/**
 * The rates in force for the report's period (its quarter: a month uses the quarter that holds it, as the server does), one request per fuel type its lines use (the same cache entries the
 * quarter notice reads), folded per code as the server folds them. A fuel whose rates have not arrived is absent,
 * so its lines show their own rate until they do.
 */
export const useFuelRateTables = (period: string, fuelTypes: readonly string[]) => {
  const provider = useRateHistoryProvider();
  const quarter = ratesQuarterOf(period);
  const results = useQueries({
    queries: (quarter ? fuelTypes : []).map((fuelType) => ({
      queryKey: ratesInForceKey(quarter ?? period, fuelType),
      queryFn: () => provider.getRatesInForce(quarter ?? period, fuelType),
      staleTime: RATES_IN_FORCE_STALE_MS,
      retry: false,
    })),
  });
  const loaded = results.map((result) => result.data);
  const signature = results.map((result) => result.dataUpdatedAt).join(',');
  const ratesByFuel = useMemo((): RatesByFuel => {
    const map = new Map<string, ReturnType<typeof foldRatesInForce>>();
    loaded.forEach((data: RatesInForce | undefined, index) => {
      if (data) map.set(fuelTypes[index], foldRatesInForce(data.rates));
    });
    return map;
    // The query results are new arrays each render; the signature says when their content changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [period, signature, fuelTypes.join(',')]);
  return { ratesByFuel, isLoading: results.some((result) => result.isPending) };
};
