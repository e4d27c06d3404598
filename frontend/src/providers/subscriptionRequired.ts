/**
 * The server refuses a guarded feature with 403 and code SUBSCRIPTION_REQUIRED (docs/architecture.md). The HTTP
 * layer announces it here; the subscription module listens, shows the guard message and opens the
 * modal. A bus rather than an import keeps httpClient free of React and of the subscription UI.
 */
const SUBSCRIPTION_REQUIRED_CODE = 'SUBSCRIPTION_REQUIRED';

const listeners = new Set<() => void>();

export const onSubscriptionRequired = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const announceSubscriptionRequired = (): void => listeners.forEach((listener) => listener());

export const isSubscriptionRequired = (status: number, body: unknown): boolean =>
  status === 403 &&
  typeof body === 'object' &&
  body !== null &&
  (body as { code?: unknown }).code === SUBSCRIPTION_REQUIRED_CODE;

/** A failed call the server refused for want of a subscription: the guard speaks for it, the page stays quiet. */
export const isSubscriptionRequiredError = (error: unknown): boolean => {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  return typeof status === 'number' && isSubscriptionRequired(status, body);
};
