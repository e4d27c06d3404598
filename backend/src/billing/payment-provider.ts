/**
 * The card-provider port (docs/architecture.md, Card payments). The app runs its own subscription lifecycle (trials, renewals,
 * grace, invoices) on its Clock and asks the provider only to hold cards and to charge them, so the sandbox and
 * Stripe behave alike and the renewal rules live in one place.
 */
export type ProviderName = 'sandbox' | 'stripe';

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  /** In the currency's major unit (dollars). */
  amount: number;
  currency: string;
  description: string;
  /** The same key never charges twice at the provider (a retry after a timeout, two replicas). */
  idempotencyKey: string;
  /** Our ids, echoed back by the provider's webhooks (invoice_id, subscription_id, user_id). */
  metadata: Record<string, string>;
}

export type ChargeResult =
  | { ok: true; providerPaymentId: string }
  | { ok: false; providerPaymentId: string | null; code: string; message: string };

/**
 * A card the provider refused or does not know. `kind` decides the HTTP answer: an unknown or malformed payment
 * method is the caller's mistake (400), a refused card is 402 with the provider's sentence.
 */
export class CardError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly kind: 'invalid' | 'declined',
  ) {
    super(message);
  }
}

export abstract class PaymentProvider {
  abstract readonly name: ProviderName;
  /** What the browser needs to tokenise a card with this provider. */
  abstract publishableKey(): string;
  abstract createCustomer(userId: string, email: string): Promise<string>;
  /** Attaches a tokenised card to the customer and answers what it is; throws CardError when refused. */
  abstract attachCard(customerId: string, paymentMethodId: string): Promise<CardDetails>;
  abstract detachCard(paymentMethodId: string): Promise<void>;
  /** The card as the provider knows it now (expiry may have been updated by the network). */
  abstract retrieveCard(paymentMethodId: string): Promise<CardDetails>;
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Whether a payment that had not succeeded when we recorded it has succeeded since (bank confirmation). */
  abstract paymentSucceeded(providerPaymentId: string): Promise<boolean>;
}
