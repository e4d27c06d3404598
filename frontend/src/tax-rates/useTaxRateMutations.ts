import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, type Identifier } from 'react-admin';
import { serverErrorText } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { TaxRate, TaxRatePayload } from './types';

const RESOURCE = 'tax-rates';

/** Spec §8: the server's `error` field, else the action's own sentence; a lost connection says so. */
const failureText = (error: unknown, fallbackKey: string): string => {
  const body = (error as { body?: unknown } | null)?.body;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 0) return 'errors.network';
  return serverErrorText(body) ?? fallbackKey;
};

/**
 * Create, update, delete and bulk status change of tax rates, each with the spec's toasts. The
 * dataProvider from useDataProvider passes a 401 to the authProvider, which ends the session.
 */
export const useTaxRateMutations = () => {
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: [RESOURCE] });
  const succeed = (message: string) => {
    notify(message, { type: 'success' });
    return refreshList();
  };
  const fail = (fallbackKey: string) => (error: unknown) => notify(failureText(error, fallbackKey), { type: 'error' });

  const create = useMutation({
    mutationFn: (data: TaxRatePayload) => dataProvider.create<TaxRate>(RESOURCE, { data }),
    onSuccess: () => succeed('taxRates.messages.created'),
    onError: fail('taxRates.errors.save'),
  });
  const update = useMutation({
    mutationFn: ({ id, data, previous }: { id: Identifier; data: TaxRatePayload; previous: TaxRate }) =>
      dataProvider.update<TaxRate>(RESOURCE, { id, data, previousData: previous }),
    onSuccess: () => succeed('taxRates.messages.updated'),
    onError: fail('taxRates.errors.save'),
  });
  const remove = useMutation({
    mutationFn: (rate: TaxRate) => dataProvider.delete<TaxRate>(RESOURCE, { id: rate.id, previousData: rate }),
    onSuccess: () => succeed('taxRates.messages.deleted'),
    onError: fail('taxRates.errors.delete'),
  });
  const bulk = useMutation({
    mutationFn: ({ ids, isActive }: { ids: Identifier[]; isActive: boolean }) =>
      dataProvider.bulkUpdateTaxRates(ids, isActive),
    onSuccess: () => succeed('taxRates.messages.bulk_updated'),
    onError: fail('taxRates.errors.bulk'),
  });
  return { create, update, remove, bulk };
};
