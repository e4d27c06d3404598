import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountBillingLock } from '../billing/account-billing-lock.service.js';
import { Clock } from '../common/clock/clock.js';
import { PaymentProvider } from '../billing/payment-provider.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { renewalFailedMessage } from './renewal-failed-message.js';
import { SubscriptionBillingService } from './subscription-billing.service.js';
import {
  addDays,
  addMonths,
  dueAction,
  GRACE_DAYS,
  hasValidSubscription,
  renewalRetryDue,
} from './subscription-rules.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** Most periods one catch-up may bill (a server that was down for months), so a run always ends. */
const MAX_CATCH_UP_PERIODS = 24;

interface Outcome {
  /** Paid invoices whose e-mail goes out once the transaction has committed. */
  paidInvoiceIds: string[];
  /** A renewal failed: its e-mail was enqueued and the sender is asked to deliver it now. */
  failed?: boolean;
}

/**
 * Brings subscriptions up to date with the clock and the provider: renewals, trial ends, cancellations at period
 * end and grace expiry (for the renewal job and sync), and payments confirmed late (for webhooks and sync).
 */
@Injectable()
export class SubscriptionRenewalsService {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly billingLock: AccountBillingLock,
    private readonly clock: Clock,
    private readonly provider: PaymentProvider,
    private readonly cards: PaymentMethodsService,
    private readonly billing: SubscriptionBillingService,
    private readonly invoices: InvoicesService,
    private readonly outbox: Outbox,
    private readonly accounts: AccountProfile,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Brings the account up to date now: cards re-read from the provider, payments that succeeded at the provider
   * after we recorded them applied, then any due renewal or expiry.
   */
  async sync(userId: string): Promise<void> {
    await this.cards.refreshFromProvider(userId);
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
    await this.billingLock.hold(manager, userId);
    const invoice = await this.invoices.ofAccount(manager, userId, invoiceId);
    if (!invoice || invoice.status !== 'open') return null;
    await this.invoices.markPaid(manager, invoice.id, this.clock.now());
    await this.repository.markPaymentSucceeded(manager, userId, providerPaymentId);
    const sub = invoice.subscriptionId ? await this.repository.byId(manager, invoice.subscriptionId) : null;
    if (sub?.status === 'past_due' && sub.currentPeriodEnd.getTime() === invoice.periodStart.getTime()) {
      await this.repository.update(manager, sub.id, {
        status: 'active',
        currentPeriodStart: invoice.periodStart,
        currentPeriodEnd: invoice.periodEnd,
      });
    }
    return invoice.id;
  }

  private async collectLatePayments(userId: string): Promise<void> {
    const failed = await this.repository.failedProviderPayments(userId, this.provider.name);
    // Only payments whose invoice is still open are worth asking the provider about.
    const open = await this.invoices.openAmong(userId, [...new Set(failed.map((payment) => payment.invoice_id))]);
    const paid: string[] = [];
    for (const payment of failed.filter((candidate) => open.has(candidate.invoice_id))) {
      if (!(await this.provider.paymentSucceeded(payment.provider_payment_id))) continue;
      const id = await this.repository.transaction((manager) =>
        this.applyLatePayment(manager, userId, payment.invoice_id, payment.provider_payment_id),
      );
      if (id) paid.push(id);
    }
    await this.sendInvoices({ paidInvoiceIds: paid });
  }

  /** The renewal job's work for one account: bill, end or expire whatever is due on the clock. */
  async processDue(userId: string): Promise<void> {
    const outcome = await this.repository.transaction(async (manager): Promise<Outcome> => {
      await this.billingLock.hold(manager, userId);
      const sub = await this.repository.live(manager, userId);
      const paidInvoiceIds: string[] = [];
      if (!sub) return { paidInvoiceIds };
      const now = this.clock.now();
      let failed = false;
      if (sub.status === 'past_due' && hasValidSubscription(sub, now)) {
        const attempts = await this.repository.failedAttempts(manager, sub.id, sub.currentPeriodEnd);
        if (renewalRetryDue(sub.currentPeriodEnd, attempts, now)) {
          const plan = await this.repository.plan(manager, sub.planId);
          const card = await this.cards.defaultCard(manager, userId);
          const start = sub.currentPeriodEnd;
          const end = addMonths(start, 1);
          const bill = await this.invoices.repriceOpen(manager, sub.id, start, plan);
          const retry = await this.billing.chargePeriod(
            manager,
            sub,
            plan,
            card,
            start,
            end,
            bill ?? undefined,
            attempts + 1,
          );
          if (retry.ok) {
            Object.assign(sub, { status: 'active', currentPeriodStart: start, currentPeriodEnd: end });
            paidInvoiceIds.push(retry.invoice.id);
          }
        }
      }
      for (let i = 0; i < MAX_CATCH_UP_PERIODS; i += 1) {
        const action = dueAction(sub, now);
        if (action === 'none') break;
        if (action === 'end') {
          Object.assign(sub, { status: 'canceled', endedAt: sub.currentPeriodEnd });
          break;
        }
        if (action === 'expire') {
          Object.assign(sub, { status: 'unpaid', endedAt: now });
          await this.invoices.closeOpen(manager, sub.id, 'uncollectible');
          break;
        }
        // A downgrade asked for during the period takes effect now, at its end, before the next one is billed.
        if (sub.pendingPlanId) Object.assign(sub, { planId: sub.pendingPlanId, pendingPlanId: null });
        const plan = await this.repository.plan(manager, sub.planId);
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
          // Told at once, in this transaction: the e-mail exists if and only if the failed renewal does.
          const { email } = await this.accounts.contact(userId);
          const writing = await this.accounts.writing(userId);
          await this.outbox.enqueue(manager, {
            key: `renewal-failed:${sub.id}:${start.getTime()}`,
            to: email,
            ...renewalFailedMessage({
              plan: plan.name,
              amount: plan.price,
              currency: plan.currency,
              failure: charge.failureMessage,
              accessUntil: addDays(start, GRACE_DAYS),
              settingsUrl: `${this.config.publicUrl}/settings#payment-methods`,
              writing,
            }),
          });
          failed = true;
        }
      }
      await this.repository.update(manager, sub.id, {
        status: sub.status,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        endedAt: sub.endedAt,
        planId: sub.planId,
        pendingPlanId: sub.pendingPlanId,
      });
      return { paidInvoiceIds, failed };
    });
    await this.sendInvoices(outcome);
    if (outcome.failed) this.outbox.deliverSoon();
  }

  /** Accounts with a live subscription whose period end has passed (the job's work list). */
  dueAccounts(limit: number): Promise<string[]> {
    return this.repository.dueAccounts(this.clock.now(), limit);
  }

  private async sendInvoices(outcome: Outcome): Promise<void> {
    for (const id of outcome.paidInvoiceIds) await this.invoices.emailAfterPayment(id);
  }
}
