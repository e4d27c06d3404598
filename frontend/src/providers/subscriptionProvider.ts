import { httpClient, httpStatus } from './httpClient';
import type {
  CreateSubscription,
  CurrentSubscription,
  FeatureAccess,
  PaymentConfig,
  Plan,
  PlanList,
  ProviderConfig,
  ReactivateWithPayment,
  SandboxCardInput,
  SubscriptionStatus,
  TokenizedCard,
  PlanChangePreview,
} from '../api/types';

const SUBSCRIPTIONS = '/api/protected/subscriptions';
const INVOICES = '/api/protected/invoices';

/** Subscription, card and invoice calls of docs/product-spec.md §7, named so components never build URLs. */
export interface SubscriptionDataProvider {
  getPlans: () => Promise<Plan[]>;
  getPaymentConfig: () => Promise<PaymentConfig>;
  tokenizeSandboxCard: (card: SandboxCardInput) => Promise<TokenizedCard>;
  getSubscriptionStatus: () => Promise<SubscriptionStatus>;
  getCurrentSubscription: () => Promise<CurrentSubscription>;
  getFeatureAccess: (feature: string) => Promise<boolean>;
  /** The card's payment method id doubles as the idempotency key: a double click or retry subscribes once. */
  createSubscription: (params: CreateSubscription) => Promise<unknown>;
  changePlan: (planId: Plan['id']) => Promise<unknown>;
  /** What changing to `planId` would do, before the user confirms it. */
  getPlanChangePreview: (planId: Plan['id']) => Promise<PlanChangePreview>;
  cancelSubscription: () => Promise<unknown>;
  reactivateSubscription: () => Promise<unknown>;
  reactivateWithPayment: (params: ReactivateWithPayment) => Promise<unknown>;
  syncSubscription: () => Promise<unknown>;
  resendInvoice: (invoiceId: string | number) => Promise<unknown>;
}

const get = async <T>(path: string): Promise<T> => (await httpClient<T>(path)).json;
const send = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> =>
  (await httpClient<T>(path, { method, body })).json;

/**
 * The live adapter answers its own config (docs/architecture.md Card payments): Stripe when it hands out a
 * publishable key, otherwise the built-in sandbox.
 */
const getPaymentConfig = async (): Promise<PaymentConfig> => {
  try {
    const stripe = await get<ProviderConfig>('/api/subscriptions/stripe-config');
    if (stripe.publishable_key) return { provider: 'stripe', publishable_key: stripe.publishable_key };
  } catch (error) {
    // 404 means Stripe is not configured here; anything else is a real failure.
    if (httpStatus(error) !== 404) throw error;
  }
  const sandbox = await get<ProviderConfig>('/api/subscriptions/sandbox-config');
  return { provider: 'sandbox', publishable_key: sandbox.publishable_key ?? null };
};

export const subscriptionProvider: SubscriptionDataProvider = {
  getPlans: async () => (await get<PlanList>('/api/subscriptions/plans')).plans,
  getPaymentConfig,
  tokenizeSandboxCard: (card) => send<TokenizedCard>('POST', '/api/sandbox/payment_methods', card),
  getSubscriptionStatus: () => get<SubscriptionStatus>(`${SUBSCRIPTIONS}/status`),
  getCurrentSubscription: () => get<CurrentSubscription>(`${SUBSCRIPTIONS}/current`),
  getFeatureAccess: async (feature) =>
    (await get<FeatureAccess>(`${SUBSCRIPTIONS}/feature-access?${new URLSearchParams({ feature })}`)).has_access,
  createSubscription: async (params) =>
    (
      await httpClient(SUBSCRIPTIONS, {
        method: 'POST',
        body: params,
        headers: { 'Idempotency-Key': `create-${params.payment_method}`.replace(/[^\w-]/g, '_').slice(0, 100) },
      })
    ).json,
  getPlanChangePreview: (planId) =>
    get<PlanChangePreview>(`${SUBSCRIPTIONS}/plan-change-preview?plan_id=${encodeURIComponent(String(planId))}`),
  changePlan: (planId) => send('PUT', SUBSCRIPTIONS, { plan_id: planId }),
  cancelSubscription: () => send('DELETE', SUBSCRIPTIONS),
  reactivateSubscription: () => send('POST', `${SUBSCRIPTIONS}/reactivate`),
  reactivateWithPayment: (params) => send('POST', `${SUBSCRIPTIONS}/reactivate-with-payment`, params),
  syncSubscription: () => send('POST', `${SUBSCRIPTIONS}/sync`),
  resendInvoice: (invoiceId) => send('POST', `${INVOICES}/resend`, { invoice_id: invoiceId }),
};
