import { httpStatus } from './httpClient';
import { body, client } from '../api/client';
import type { paths } from '../api/schema';
import type {
  CreateSubscription,
  CurrentSubscription,
  PaymentConfig,
  Plan,
  ReactivateWithPayment,
  SandboxCardInput,
  SubscriptionStatus,
  TokenizedCard,
  PlanChangePreview,
} from '../api/types';

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

/** The features the server guards by subscription (docs/architecture.md). */
type Feature = NonNullable<
  paths['/api/protected/subscriptions/feature-access']['get']['parameters']['query']
>['feature'];

const providerConfig = (provider: 'stripe' | 'sandbox') =>
  body(client.GET('/api/subscriptions/{provider}-config', { params: { path: { provider } } }));

/**
 * The live adapter answers its own config (docs/architecture.md Card payments): Stripe when it hands out a
 * publishable key, otherwise the built-in sandbox.
 */
const getPaymentConfig = async (): Promise<PaymentConfig> => {
  try {
    const stripe = await providerConfig('stripe');
    if (stripe.publishable_key) return { provider: 'stripe', publishable_key: stripe.publishable_key };
  } catch (error) {
    // 404 means Stripe is not configured here; anything else is a real failure.
    if (httpStatus(error) !== 404) throw error;
  }
  const sandbox = await providerConfig('sandbox');
  return { provider: 'sandbox', publishable_key: sandbox.publishable_key ?? null };
};

export const subscriptionProvider: SubscriptionDataProvider = {
  getPlans: async () => (await body(client.GET('/api/subscriptions/plans'))).plans,
  getPaymentConfig,
  tokenizeSandboxCard: (card) => body(client.POST('/api/sandbox/payment_methods', { body: card })),
  getSubscriptionStatus: () => body(client.GET('/api/protected/subscriptions/status')),
  getCurrentSubscription: () => body(client.GET('/api/protected/subscriptions/current')),
  getFeatureAccess: async (feature) =>
    (
      await body(
        client.GET('/api/protected/subscriptions/feature-access', {
          params: { query: { feature: feature as Feature } },
        }),
      )
    ).has_access,
  createSubscription: (params) =>
    body(
      client.POST('/api/protected/subscriptions', {
        body: params,
        params: {
          header: { 'idempotency-key': `create-${params.payment_method}`.replace(/[^\w-]/g, '_').slice(0, 100) },
        },
      }),
    ),
  getPlanChangePreview: (planId) =>
    body(
      client.GET('/api/protected/subscriptions/plan-change-preview', {
        params: { query: { plan_id: String(planId) } },
      }),
    ),
  changePlan: (planId) => body(client.PUT('/api/protected/subscriptions', { body: { plan_id: String(planId) } })),
  cancelSubscription: () => body(client.DELETE('/api/protected/subscriptions')),
  reactivateSubscription: () => body(client.POST('/api/protected/subscriptions/reactivate')),
  reactivateWithPayment: (params) =>
    body(client.POST('/api/protected/subscriptions/reactivate-with-payment', { body: params })),
  syncSubscription: () => body(client.POST('/api/protected/subscriptions/sync')),
  resendInvoice: (invoiceId) =>
    body(client.POST('/api/protected/invoices/resend', { body: { invoice_id: String(invoiceId) } })),
};
