import { useQuery } from '@tanstack/react-query';

/**
 * Stripe.js comes from Stripe's servers; it is fetched (and its npm loader imported) only when the
 * Stripe adapter is live and a card is asked for. A failure means 'Payment System Error'.
 */
export const useStripeLoader = (publishableKey: string | null) =>
  useQuery({
    queryKey: ['subscription', 'stripe-js', publishableKey],
    enabled: publishableKey !== null,
    staleTime: Infinity,
    retry: 1,
    queryFn: async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey as string);
      if (!stripe) throw new Error('Stripe.js did not load');
      return stripe;
    },
  });
