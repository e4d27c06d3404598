import { QueryClient } from '@tanstack/react-query';
import { httpStatus } from './httpClient';

const MINUTE = 60_000;
const QUERY_RETRIES = 2;
const MUTATION_RETRIES = 1;

/**
 * A 4xx answer will not change on a second try (and a repeated 401 would only delay the sign-out),
 * so retries are spent on network failures, timeouts, rate limits and server errors.
 */
const retryable = (error: unknown): boolean => {
  const status = httpStatus(error);
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
};

/** docs/product-spec.md §9: queries retry twice, mutations once; data fresh 5 min, kept 10; no refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < QUERY_RETRIES && retryable(error),
      staleTime: 5 * MINUTE,
      gcTime: 10 * MINUTE,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: (failureCount, error) => failureCount < MUTATION_RETRIES && retryable(error),
    },
  },
});
