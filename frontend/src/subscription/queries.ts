import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { useGuardedCall } from './useGuardedCall';

/** Query keys of everything a subscription change can affect. */
export const SUBSCRIPTION_KEYS = {
  all: ['subscription'] as const,
  status: ['subscription', 'status'] as const,
  current: ['subscription', 'current'] as const,
  plans: ['subscription', 'plans'] as const,
  paymentConfig: ['subscription', 'payment-config'] as const,
  paymentMethods: ['subscription', 'payment-methods'] as const,
  invoices: (page: number) => ['subscription', 'invoices', page] as const,
};

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

export const usePaymentMethods = (enabled = true) => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.paymentMethods,
    queryFn: () => guarded(() => dataProvider.getPaymentMethods()),
    enabled,
  });
};

export const useInvoices = (page: number) => {
  const dataProvider = useIftaDataProvider();
  const guarded = useGuardedCall();
  return useQuery({
    queryKey: SUBSCRIPTION_KEYS.invoices(page),
    queryFn: () => guarded(() => dataProvider.getInvoices(page)),
    // The old page stays on screen while the next loads, so Previous/Next do not flash empty.
    placeholderData: keepPreviousData,
  });
};

/** Everything subscription-related is read again: status, current plan, cards and invoices. */
export const useRefreshSubscription = () => {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all }), [queryClient]);
};
