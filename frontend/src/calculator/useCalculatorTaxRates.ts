import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLogout, useNotify } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { errorMessage, httpStatus } from '../providers/httpClient';
import type { CalculatorTaxRate } from './types';

const STALE_MS = 30_000; // docs/product-spec.md §9: tax rates stay fresh 30 seconds

/**
 * The account's tax rates for the state drop-down (docs/product-spec.md §7), with the docs/product-spec.md §8 toasts. The module's
 * dataProvider is called directly, not react-admin's wrapped one, because a 401 here has its own
 * message ('Session expired. Please log in again') and must not also raise the generic one.
 */
export const useCalculatorTaxRates = () => {
  const notify = useNotify();
  const logout = useLogout();
  const query = useQuery<CalculatorTaxRate[]>({
    queryKey: ['calculator', 'tax-rates'],
    queryFn: async () => {
      const rates = await dataProvider.getCalculatorTaxRates();
      notify('calculator.messages.rates_loaded', { type: 'success', messageArgs: { count: rates.length } });
      return rates;
    },
    staleTime: STALE_MS,
  });
  const { error, isError } = query;

  useEffect(() => {
    if (!isError) return;
    if (httpStatus(error) === 401) {
      notify('calculator.messages.session_expired', { type: 'error' });
      void logout({}, '/login', false);
      return;
    }
    const message = errorMessage(error, 'calculator.messages.rates_error');
    notify(message === 'errors.network' ? message : 'calculator.messages.rates_error', { type: 'error' });
  }, [isError, error, notify, logout]);

  return { rates: query.data ?? [], isLoading: query.isPending };
};
