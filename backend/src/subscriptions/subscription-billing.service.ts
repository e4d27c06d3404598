import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingCustomersService } from '../billing/billing-customers.service.js';
import { Clock } from '../common/clock/clock.js';
import { PaymentProvider } from '../billing/payment-provider.js';
import type { Invoice } from '../invoices/entities/invoice.entity.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import type { PaymentMethod } from '../payment-methods/entities/payment-method.entity.js';
import type { Plan } from './entities/plan.entity.js';
import type { Subscription } from './entities/subscription.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

export const NO_DEFAULT_CARD = 'No default card on file';

export interface PeriodCharge {
  ok: boolean;
  invoice: Invoice;
  failureMessage: string | null;
  failureCode: string | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Bills one period of a subscription: charges the card, records the attempt in the payment history and writes the
 * period's invoice (paid, or open when the charge failed). Runs in the caller's transaction, under the account lock.
 */
@Injectable()
export class SubscriptionBillingService {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly customers: BillingCustomersService,
    private readonly invoices: InvoicesService,
    private readonly clock: Clock,
    private readonly repository: SubscriptionsRepository,
  ) {}

  async chargePeriod(
    manager: EntityManager,
    sub: Subscription,
    plan: Plan,
    card: PaymentMethod | null,
    periodStart: Date,
    periodEnd: Date,
    existingInvoice?: Invoice,
    /** A retry of a refused renewal (2, 3, …): its own idempotency key, so the provider charges again. */
    attempt = 1,
  ): Promise<PeriodCharge> {
    const description = `${plan.name} plan, ${day(periodStart)} - ${day(periodEnd)}`;
    // The invoice exists (open) before the charge, so the provider's payment can carry its id for webhooks.
    const invoice =
      existingInvoice ??
      (await this.invoices.create(manager, {
        userId: sub.userId,
        subscriptionId: sub.id,
        provider: this.provider.name,
        status: 'open',
        planName: plan.name,
        amount: plan.price,
        currency: plan.currency,
        periodStart,
        periodEnd,
        paidAt: null,
      }));
    const result = card
      ? await this.provider.charge({
          customerId: await this.customers.customerId(sub.userId, manager),
          paymentMethodId: card.providerPaymentMethodId,
          amount: plan.price,
          currency: plan.currency,
          description,
          // One key per subscription period and card: a retried job or request cannot charge a period twice.
          idempotencyKey: `sub_${sub.id}_${periodStart.getTime()}_${card.id}${attempt > 1 ? `_retry${attempt}` : ''}`,
          metadata: { invoice_id: invoice.id, subscription_id: sub.id, user_id: sub.userId },
        })
      : { ok: false as const, providerPaymentId: null, code: 'no_payment_method', message: NO_DEFAULT_CARD };
    const now = this.clock.now();
    if (result.ok) {
      await this.invoices.markPaid(manager, invoice.id, now);
      Object.assign(invoice, { status: 'paid', paidAt: now });
    }
    await this.repository.insertPayment(manager, {
      userId: sub.userId,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      paymentMethodId: card?.id ?? null,
      provider: this.provider.name,
      providerPaymentId: result.providerPaymentId,
      amount: plan.price,
      currency: plan.currency,
      status: result.ok ? 'succeeded' : 'failed',
      failureMessage: result.ok ? null : result.message,
      description,
      cardBrand: card?.cardBrand ?? null,
      cardLast4: card?.cardLast4 ?? null,
      createdAt: now,
    });
    return {
      ok: result.ok,
      invoice,
      failureMessage: result.ok ? null : result.message,
      failureCode: result.ok ? null : result.code,
    };
  }
}
