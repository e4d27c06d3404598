import { useQueryClient } from '@tanstack/react-query';
import { useDelete, useNotify } from 'react-admin';

/**
 * Delete of a report (after the caller's confirmation) through react-admin's useDelete, which drops it from
 * every cached list and detail at once; 'Report deleted' on success. The counts, other pages and the
 * dashboard's figures are read again. Each screen says a failure in its own words (docs/product-spec.md §8).
 */
export const useDeleteReport = (onFailure: (error: unknown) => void) => {
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutate = <T extends { id: string }>(report: T, options: { onSettled?: () => void } = {}) =>
    deleteOne(
      'reports',
      { id: report.id, previousData: report },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('reports.messages.deleted', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: ['reports'] });
        },
        onError: onFailure,
        onSettled: options.onSettled,
      },
    );
  return { mutate, isPending };
};
