import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDelete, useNotify, useUpdate, useUpdateMany, type Identifier } from 'react-admin';
import { serverErrorText } from '../providers/httpClient';
import type { TaxRate, TaxRatePayload } from '../api/types';

const RESOURCE = 'tax-rates';

/** docs/product-spec.md §8: the server's `error` field, else the action's own sentence; a lost connection says so. */
const failureText = (error: unknown, fallbackKey: string): string => {
  const body = (error as { body?: unknown } | null)?.body;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 0) return 'errors.network';
  return serverErrorText(body) ?? fallbackKey;
};

interface Callbacks {
  onSuccess?: () => void;
  onSettled?: () => void;
}

/**
 * Create, update, delete and bulk status change of tax rates through react-admin's mutation hooks (one cache
 * with the list controller; a 401 ends the session through the authProvider), each with the spec's toasts.
 * The list is read again afterwards: sort, filters and page may no longer hold the same rows.
 */
export const useTaxRateMutations = () => {
  const [createOne, createState] = useCreate<TaxRate>();
  const [updateOne, updateState] = useUpdate<TaxRate>();
  const [deleteOne, deleteState] = useDelete<TaxRate>();
  const [updateMany, bulkState] = useUpdateMany<TaxRate>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const options = (successKey: string, failureKey: string, callbacks: Callbacks = {}) => ({
    mutationMode: 'pessimistic' as const,
    onSuccess: () => {
      notify(successKey, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
      callbacks.onSuccess?.();
    },
    onError: (error: unknown) => notify(failureText(error, failureKey), { type: 'error' }),
    onSettled: callbacks.onSettled,
  });

  return {
    create: {
      isPending: createState.isPending,
      mutate: (data: TaxRatePayload, callbacks?: Callbacks) =>
        createOne(RESOURCE, { data }, options('taxRates.messages.created', 'taxRates.errors.save', callbacks)),
    },
    update: {
      isPending: updateState.isPending,
      mutate: (
        { id, data, previous }: { id: TaxRate['id']; data: TaxRatePayload; previous: TaxRate },
        callbacks?: Callbacks,
      ) =>
        updateOne(
          RESOURCE,
          { id, data, previousData: previous },
          options('taxRates.messages.updated', 'taxRates.errors.save', callbacks),
        ),
    },
    remove: {
      isPending: deleteState.isPending,
      mutate: (rate: TaxRate, callbacks?: Callbacks) =>
        deleteOne(
          RESOURCE,
          { id: rate.id, previousData: rate },
          options('taxRates.messages.deleted', 'taxRates.errors.delete', callbacks),
        ),
    },
    bulk: {
      isPending: bulkState.isPending,
      mutate: ({ ids, isActive }: { ids: Identifier[]; isActive: boolean }, callbacks?: Callbacks) =>
        updateMany(
          RESOURCE,
          { ids, data: { is_active: isActive } },
          options('taxRates.messages.bulk_updated', 'taxRates.errors.bulk', callbacks),
        ),
    },
  };
};
