import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import { SubscriptionRenewalsService } from '../subscriptions/subscription-renewals.service.js';
import { BillingRepository } from '../billing/billing.repository.js';
import { PaymentProvider } from '../billing/payment-provider.js';
import { StripePaymentProvider } from '../billing/stripe/stripe.provider.js';

export const INVALID_SIGNATURE = 'Invalid webhook signature';

export interface WebhookResult {
  received: true;
  duplicate: boolean;
}

/**
 * Applies Stripe's events to our records. Each event id is stored in billing_events in the same transaction as its
 * effect, so a replayed or re-delivered event is acknowledged and changes nothing.
 */
@Injectable()
export class StripeWebhooksService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly provider: PaymentProvider,
    private readonly cards: PaymentMethodsService,
    private readonly invoices: InvoicesService,
    private readonly renewals: SubscriptionRenewalsService,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined, secret: string): Promise<WebhookResult> {
    if (!(this.provider instanceof StripePaymentProvider)) {
      throw new NotFoundException({ error: 'Stripe is not the live card provider' });
    }
    let event: Stripe.Event;
    try {
      event = this.provider.client.webhooks.constructEvent(rawBody ?? Buffer.alloc(0), signature ?? '', secret);
    } catch {
      throw new BadRequestException({ error: INVALID_SIGNATURE, fields: { 'stripe-signature': INVALID_SIGNATURE } });
    }
    const paidInvoiceIds: string[] = [];
    const duplicate = await this.billing.transaction(async (manager) => {
      if (!(await this.billing.recordEvent(manager, 'stripe', event.id, event.type))) return true;
      await this.apply(manager, event, paidInvoiceIds);
      return false;
    });
    for (const id of paidInvoiceIds) await this.invoices.emailAfterPayment(id);
    return { received: true, duplicate };
  }

  private async apply(manager: EntityManager, event: Stripe.Event, paidInvoiceIds: string[]): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return this.paymentSucceeded(manager, event.data.object, paidInvoiceIds);
      case 'payment_method.updated':
      case 'payment_method.automatically_updated':
        return this.cardUpdated(manager, event.data.object);
      case 'payment_method.detached':
        return this.cardDetached(manager, event.data.object);
      default:
        // Other events are acknowledged so Stripe stops re-sending them.
        return;
    }
  }

  /** A payment that completed later (after a bank confirmation or a retry at Stripe) pays its invoice. */
  private async paymentSucceeded(manager: EntityManager, intent: Stripe.PaymentIntent, paidInvoiceIds: string[]) {
    const invoiceId = intent.metadata?.invoice_id;
    const userId = intent.metadata?.user_id;
    if (!invoiceId || !userId) return;
    const paid = await this.renewals.applyLatePayment(manager, userId, invoiceId, intent.id);
    if (paid) paidInvoiceIds.push(paid);
  }

  private async cardUpdated(manager: EntityManager, method: Stripe.PaymentMethod): Promise<void> {
    if (!method.card) return;
    const { brand, last4, exp_month, exp_year } = method.card;
    await this.cards.updatedAtProvider(manager, method.id, { brand, last4, exp_month, exp_year });
  }

  /** A card removed at Stripe (dashboard, another integration) leaves our list too; the default moves on. */
  private async cardDetached(manager: EntityManager, method: Stripe.PaymentMethod): Promise<void> {
    await this.cards.detachedAtProvider(manager, method.id);
  }
}
