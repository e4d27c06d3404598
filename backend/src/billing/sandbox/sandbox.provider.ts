import { randomBytes } from 'node:crypto';
import {
  CardError,
  type CardDetails,
  type ChargeRequest,
  type ChargeResult,
  PaymentProvider,
} from '../payment-provider.js';
import type { SandboxPaymentMethod } from './entities/sandbox-payment-method.entity.js';
import type { SandboxBehaviour } from './sandbox-card-rules.js';
import type { SandboxTokensRepository } from './sandbox-tokens.repository.js';

export const SANDBOX_PUBLISHABLE_KEY = 'pk_sandbox_local';
const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export const DECLINED = 'Your card was declined.';
export const NO_SUCH_PAYMENT_METHOD = 'No such payment method';
export const ATTACHED_ELSEWHERE = 'The payment method you provided has already been attached to another customer.';

/** Plays the provider's part with no outside service: tokens live in sandbox_payment_methods. */
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly tokens: SandboxTokensRepository) {
    super();
  }

  publishableKey(): string {
    return SANDBOX_PUBLISHABLE_KEY;
  }

  async createCustomer(): Promise<string> {
    return token('cus_sandbox');
  }

  async attachCard(customerId: string, paymentMethodId: string): Promise<CardDetails> {
    const card = await this.find(paymentMethodId);
    // As with the provider's 4000 0000 0000 0002, the decline card is refused as soon as it is attached.
    if (card.behaviour === 'decline') throw new CardError(DECLINED, 'card_declined', 'declined');
    if (card.customerId && card.customerId !== customerId) {
      throw new CardError(ATTACHED_ELSEWHERE, 'payment_method_unexpected_state', 'invalid');
    }
    // Of two customers attaching one token at once, only the first wins.
    const claimed = await this.tokens.claim(card.id, customerId);
    if (!claimed) throw new CardError(ATTACHED_ELSEWHERE, 'payment_method_unexpected_state', 'invalid');
    return details(card);
  }

  async detachCard(): Promise<void> {}

  async retrieveCard(paymentMethodId: string): Promise<CardDetails> {
    return details(await this.find(paymentMethodId));
  }

  /**
   * Reads the card's behaviour from its id, with no query: charges run inside the caller's transaction, which must
   * not wait for a second pooled connection.
   */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const behaviour = behaviourOf(request.paymentMethodId);
    const providerPaymentId = token('pi_sandbox');
    if (!behaviour) return { ok: false, providerPaymentId, code: 'resource_missing', message: NO_SUCH_PAYMENT_METHOD };
    if (behaviour !== 'succeed') return { ok: false, providerPaymentId, code: 'card_declined', message: DECLINED };
    return { ok: true, providerPaymentId };
  }

  /** Sandbox charges are final when made: a refused one never succeeds later. */
  async paymentSucceeded(): Promise<boolean> {
    return false;
  }

  private async find(paymentMethodId: string): Promise<SandboxPaymentMethod> {
    const card = await this.tokens.find(paymentMethodId);
    if (!card) throw new CardError(NO_SUCH_PAYMENT_METHOD, 'resource_missing', 'invalid');
    return card;
  }
}

function details(card: SandboxPaymentMethod): CardDetails {
  return { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };
}

const BEHAVIOUR_CODES: Record<SandboxBehaviour, string> = { succeed: 's', decline: 'd', fail_charge: 'f' };

/** pm_sandbox_ + one letter for the behaviour + 24 random hex digits. */
export const newSandboxPaymentMethodId = (behaviour: SandboxBehaviour) =>
  `pm_sandbox_${BEHAVIOUR_CODES[behaviour]}${randomBytes(12).toString('hex')}`;

function behaviourOf(id: string): SandboxBehaviour | undefined {
  const match = /^pm_sandbox_([sdf])[0-9a-f]{24}$/.exec(id);
  return (Object.keys(BEHAVIOUR_CODES) as SandboxBehaviour[]).find((b) => BEHAVIOUR_CODES[b] === match?.[1]);
}
