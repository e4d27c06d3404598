import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { lockAccountBilling } from '../billing/account-lock.js';
import { Clock } from '../billing/clock.js';
import { PaymentProvider } from '../billing/payment-provider.js';
import { Invoice } from '../invoices/entities/invoice.entity.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PaymentMethod } from '../payment-methods/entities/payment-method.entity.js';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import { Payment } from './entities/payment.entity.js';
import { Plan } from './entities/plan.entity.js';
import { Subscription } from './entities/subscription.entity.js';
import { SubscriptionBillingService } from './subscription-billing.service.js';
import { liveSubscription } from './subscription-queries.js';
import { addMonths, dueAction, GRACE_DAYS } from './subscription-rules.js';

/** Most periods one catch-up may bill (a server that was down for months), so a run always ends. */
const MAX_CATCH_UP_PERIODS = 24;

interface Outcome {
  /** Paid invoices whose e-mail goes out once the transaction has committed. */
  paidInvoiceIds: string[];
}

/**
 * Brings subscriptions up to date with the clock and the provider: renewals, trial ends, cancellations at period
 * end and grace expiry (for the renewal job and sync), and payments confirmed late (for webhooks and sync).
 */
@Injectable()
export class SubscriptionRenewalsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly provider: PaymentProvider,
    private readonly cards: PaymentMethodsService,
    private readonly billing: SubscriptionBillingService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * Brings the account up to date now: cards re-read from the provider, payments that succeeded at the provider
   * after we recorded them applied, then any due renewal or expiry.
   */
  async sync(userId: string): Promise<void> {
    await this.refreshCards(userId);
    await this.collectLatePayments(userId);
    await this.processDue(userId);
  }

  /**
   * A payment the provider confirmed after we recorded it as not succeeded (webhook or sync): its open invoice is
   * paid and a past_due subscription billed for that period resumes. Answers the invoice now paid, if any.
   */
  async applyLatePayment(
    manager: EntityManager,
    userId: string,
    invoiceId: string,
    providerPaymentId: string,
  ): Promise<string | null> {
    await lockAccountBilling(manager, userId);
    const invoice = await manager.findOneBy(Invoice, { id: invoiceId, userId });
    if (!invoice || invoice.status !== 'open') return null;
    await manager.update(Invoice, { id: invoice.id }, { status: 'paid', paidAt: this.clock.now() });
    await manager.update(Payment, { providerPaymentId, userId }, { status: 'succeeded', failureMessage: null });
    const sub = invoice.subscriptionId ? await manager.findOneBy(Subscription, { id: invoice.subscriptionId }) : null;
    if (sub?.status === 'past_due' && sub.currentPeriodEnd.getTime() === invoice.periodStart.getTime()) {
      await manager.update(
        Subscription,
        { id: sub.id },
        { status: 'active', currentPeriodStart: invoice.periodStart, currentPeriodEnd: invoice.periodEnd },
      );
    }
    return invoice.id;
  }

  private async collectLatePayments(userId: string): Promise<void> {
    const pending = (await this.dataSource.query(
      `SELECT DISTINCT p.invoice_id, p.provider_payment_id FROM payments p
       JOIN invoices i ON i.id = p.invoice_id
       WHERE p.user_id = $1 AND p.status = 'failed' AND p.provider = $2 AND p.provider_payment_id IS NOT NULL
         AND i.status = 'open'`,
      [userId, this.provider.name],
    )) as Array<{ invoice_id: string; provider_payment_id: string }>;
    const paid: string[] = [];
    for (const payment of pending) {
      if (!(await this.provider.paymentSucceeded(payment.provider_payment_id))) continue;
      const id = await this.dataSource.transaction((manager) =>
        this.applyLatePayment(manager, userId, payment.invoice_id, payment.provider_payment_id),
      );
      if (id) paid.push(id);
    }
    await this.sendInvoices({ paidInvoiceIds: paid });
  }

  /** The renewal job's work for one account: bill, end or expire whatever is due on the clock. */
  async processDue(userId: string): Promise<void> {
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      await lockAccountBilling(manager, userId);
      const sub = await liveSubscription(manager, userId);
      const paidInvoiceIds: string[] = [];
      if (!sub) return { paidInvoiceIds };
      const now = this.clock.now();
      for (let i = 0; i < MAX_CATCH_UP_PERIODS; i += 1) {
        const action = dueAction(sub, now);
        if (action === 'none') break;
        if (action === 'end') {
          Object.assign(sub, { status: 'canceled', endedAt: sub.currentPeriodEnd });
          break;
        }
        if (action === 'expire') {
          Object.assign(sub, { status: 'unpaid', endedAt: now });
          await manager.update(Invoice, { subscriptionId: sub.id, status: 'open' }, { status: 'uncollectible' });
          break;
        }
        // A downgrade asked for during the period takes effect now, at its end, before the next one is billed.
        if (sub.pendingPlanId) Object.assign(sub, { planId: sub.pendingPlanId, pendingPlanId: null });
        const plan = await manager.findOneByOrFail(Plan, { id: sub.planId });
        const card = await this.cards.defaultCard(manager, userId);
        const start = sub.currentPeriodEnd;
        const end = addMonths(start, 1);
        const charge = await this.billing.chargePeriod(manager, sub, plan, card, start, end);
        if (charge.ok) {
          Object.assign(sub, { status: 'active', currentPeriodStart: start, currentPeriodEnd: end });
          paidInvoiceIds.push(charge.invoice.id);
        } else {
          // The period end stays where it was: the 7-day grace counts from it.
          sub.status = 'past_due';
        }
      }
      await manager.update(
        Subscription,
        { id: sub.id },
        {
          status: sub.status,
          currentPeriodStart: sub.currentPeriodStart,
          currentPeriodEnd: sub.currentPeriodEnd,
          endedAt: sub.endedAt,
          planId: sub.planId,
          pendingPlanId: sub.pendingPlanId,
        },
      );
      return { paidInvoiceIds };
    });
    await this.sendInvoices(outcome);
  }

  /** Accounts with a live subscription whose period end has passed (the job's work list). */
  async dueAccounts(limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT user_id FROM subscriptions
       WHERE (status IN ('active', 'trialing') AND current_period_end <= $1)
          OR (status = 'past_due' AND current_period_end + make_interval(days => $3) < $1)
       LIMIT $2`,
      [this.clock.now(), limit, GRACE_DAYS],
    )) as Array<{ user_id: string }>;
    return rows.map((row) => row.user_id);
  }

  private async refreshCards(userId: string): Promise<void> {
    const repository = this.dataSource.getRepository(PaymentMethod);
    const cards = await repository.findBy({ userId, provider: this.provider.name });
    for (const card of cards) {
      try {
        const details = await this.provider.retrieveCard(card.providerPaymentMethodId);
        await repository.update(
          { id: card.id },
          {
            cardBrand: details.brand,
            cardLast4: details.last4,
            cardExpMonth: details.exp_month,
            cardExpYear: details.exp_year,
          },
        );
      } catch {
        // A card the provider no longer knows stays as it was; the next renewal reports the failure.
      }
    }
  }

  private async sendInvoices(outcome: Outcome): Promise<void> {
    for (const id of outcome.paidInvoiceIds) await this.invoices.emailAfterPayment(id);
  }
}
