import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGetList, useListController } from 'react-admin';
import type { Invoice, PaymentMethod } from '../api/types';
import { INVOICE_PAGE_SIZE } from '../api/constants';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { useGuardedCall } from './useGuardedCall';

/** Query keys of everything a subscription change can affect. */
export const SUBSCRIPTION_KEYS = {
  all: ['subscription'] as const,
  status: ['subscription', 'status'] as const,
  current: ['subscription', 'current'] as const,
  plans: ['subscription', 'plans'] as const,
  paymentConfig: ['subscription', 'payment-config'] as const,
  // The cards and invoices are react-admin resources, whose queries are keyed by the resource's name.
  paymentMethods: ['payment-methods'] as const,
  invoices: ['invoices'] as const,
};

/** Everything a subscription change can affect is read again: status, current plan, cards and invoices. */
export const refreshSubscription = (queryClient: QueryClient) =>
  Promise.all(
    [SUBSCRIPTION_KEYS.all, SUBSCRIPTION_KEYS.paymentMethods, SUBSCRIPTION_KEYS.invoices].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** The status the guards and the badge read (GET …/subscriptions/status). */
export const useSubscriptionStatus = (enabled = true) => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.status,
    queryFn: () => guarded(() => dataProvider.getSubscriptionStatus()),
    enabled,
  });
};

export const useCurrentSubscription = () => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.current,
    queryFn: () => guarded(() => dataProvider.getCurrentSubscription()),
  });
};

export const usePlans = (enabled = true) => {
  const dataProvider = useIftaDataProvider();
  return useQuery({ queryKey: SUBSCRIPTION_KEYS.plans, queryFn: () => dataProvider.getPlans(), enabled });
};

export const usePaymentConfig = (enabled = true) => {
  const dataProvider = useIftaDataProvider();
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.paymentConfig,
    queryFn: () => dataProvider.getPaymentConfig(),
    enabled,
  });
};

/** The saved cards: the `payment-methods` resource, all on one page (an account has a handful). */
export const usePaymentMethods = (enabled = true) =>
  useGetList<PaymentMethod>('payment-methods', { pagination: { page: 1, perPage: 100 } }, { enabled });

/**
 * The invoice list's controller: the `invoices` resource, a page at a time; the page is the section's own (not in the
 * address). The old page stays on screen while the next loads (react-admin keeps the previous data), and a failed
 * load shows no message (docs/product-spec.md §8): the list simply stays empty.
 */
export const useInvoices = () =>
  useListController<Invoice>({
    resource: 'invoices',
    perPage: INVOICE_PAGE_SIZE,
    disableSyncWithLocation: true,
    storeKey: false,
    queryOptions: { onError: () => undefined },
  });

/** Everything subscription-related is read again: status, current plan, cards and invoices. */
export const useRefreshSubscription = () => {
  const queryClient = useQueryClient();
  return useCallback(() => refreshSubscription(queryClient), [queryClient]);
};
