import { ServiceUnavailableException } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../../config/app-config.js';
import {
  CardError,
  type CardDetails,
  type ChargeRequest,
  type ChargeResult,
  PaymentProvider,
} from '../payment-provider.js';

/** Stripe's smallest currency unit: cents for USD and CAD. */
const toMinorUnits = (amount: number) => Math.round(amount * 100);

/**
 * The Stripe adapter: cards are tokenised in the browser by Stripe Elements, attached to a Stripe customer here and
 * charged off-session with PaymentIntents when our renewal job bills a period. STRIPE_API_HOST/PORT/PROTOCOL point
 * the SDK elsewhere (the tests' local fake).
 */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;

  constructor(private readonly config: AppConfig['stripe']) {
    super();
    this.client = new Stripe(config.secretKey, {
      ...(config.host ? { host: config.host } : {}),
      ...(config.port ? { port: config.port } : {}),
      ...(config.protocol ? { protocol: config.protocol } : {}),
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'ifta-fuel-tax' },
    });
  }

  publishableKey(): string {
    return this.config.publishableKey;
  }

  async createCustomer(userId: string, email: string): Promise<string> {
    try {
      const customer = await this.client.customers.create(
        { email, metadata: { user_id: userId } },
        { idempotencyKey: `customer_${userId}` },
      );
      return customer.id;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async attachCard(customerId: string, paymentMethodId: string): Promise<CardDetails> {
    try {
      const method = await this.client.paymentMethods.attach(paymentMethodId, { customer: customerId });
      return cardOf(method);
    } catch (error) {
      throw asCardError(error);
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.client.paymentMethods.detach(paymentMethodId);
  }

  async retrieveCard(paymentMethodId: string): Promise<CardDetails> {
    try {
      return cardOf(await this.client.paymentMethods.retrieve(paymentMethodId));
    } catch (error) {
      throw asCardError(error);
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await this.client.paymentIntents.create(
        {
          amount: toMinorUnits(request.amount),
          currency: request.currency.toLowerCase(),
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { ok: true, providerPaymentId: intent.id };
      // requires_action and the like: the customer must act; a webhook reports a later success.
      return {
        ok: false,
        providerPaymentId: intent.id,
        code: intent.status,
        message: 'The payment needs the cardholder to confirm it',
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
        return {
          ok: false,
          providerPaymentId: raw?.payment_intent?.id ?? null,
          code: error.decline_code ?? error.code ?? 'card_declined',
          message: error.message,
        };
      }
      throw unavailable(error);
    }
  }

  async paymentSucceeded(providerPaymentId: string): Promise<boolean> {
    try {
      return (await this.client.paymentIntents.retrieve(providerPaymentId)).status === 'succeeded';
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function cardOf(method: Stripe.PaymentMethod): CardDetails {
  if (!method.card) throw new CardError('The payment method is not a card', 'payment_method_invalid', 'invalid');
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand, last4, exp_month, exp_year };
}

export const PROVIDER_UNAVAILABLE = 'The card provider is unavailable, please try again in a few minutes';

/**
 * Stripe's refusals in the port's terms. Stripe being down or unreachable is a 503 the user can retry; its own
 * message stays out of the answer (it may name our account or request ids).
 */
function asCardError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new CardError(error.message, error.code ?? 'card_declined', 'declined');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new CardError(error.message, error.code ?? 'invalid_request', 'invalid');
  }
  return unavailable(error);
}

function unavailable(error: unknown): unknown {
  const outage =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError;
  return outage ? new ServiceUnavailableException({ error: PROVIDER_UNAVAILABLE }) : error;
}
