import { createHash } from 'node:crypto';
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountBillingLock } from '../billing/account-billing-lock.service.js';
import { Clock } from '../common/clock/clock.js';
import { AuditLog, type AuditEventInput } from '../audit/audit-log.js';
import { PaymentProvider } from '../billing/payment-provider.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import type { PageQueryDto } from '../common/dto/page-query.dto.js';
import type { PaymentMethod } from '../payment-methods/entities/payment-method.entity.js';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import type { ChangePlanDto, CreateSubscriptionDto, ReactivateWithPaymentDto } from './dto/subscription-input.dto.js';
import {
  type CurrentSubscriptionDto,
  type PaymentHistoryDto,
  SubscriptionDto,
  type SubscriptionStatusDto,
} from './dto/subscription-response.dto.js';
import type { Plan } from './entities/plan.entity.js';
import type { Subscription } from './entities/subscription.entity.js';
import { PlansService } from './plans.service.js';
import { centsToAmount } from './proration.js';
import { planChangeTerms } from './plan-change-terms.js';
import type { PlanChangePreviewDto } from './dto/plan-change-preview.dto.js';
import { SubscriptionBillingService } from './subscription-billing.service.js';
import { addDays, addMonths, daysLeft, hasValidSubscription, trialInfo } from './subscription-rules.js';
import {
  alreadySubscribed,
  billedToPreparer,
  chargeRefused,
  noSubscription,
  notCanceling,
  samePlan,
  subscriptionEnded,
} from './subscriptions.errors.js';
import { ClientLinksRepository } from '../client-links/client-links.repository.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

interface Outcome {
  /** Paid invoices whose e-mail goes out once the transaction has committed. */
  paidInvoiceIds: string[];
}

/** What an account asks of its subscription (docs/product-spec.md §7): read it, start, change plan, cancel, resume. */
/** What a request under an Idempotency-Key asked for, to tell a retry from a different request. */
const requestFingerprint = (body: CreateSubscriptionDto) =>
  createHash('sha256')
    .update(JSON.stringify([body.plan_id, body.payment_method]))
    .digest('hex');

/** A billing event of the subscription. */
const billingEvent = (companyId: string, action: string, summary: string): AuditEventInput => ({
  companyId,
  action,
  entity: 'billing',
  entityId: 'subscription',
  summary,
});

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly billingLock: AccountBillingLock,
    private readonly clock: Clock,
    private readonly provider: PaymentProvider,
    private readonly plans: PlansService,
    private readonly cards: PaymentMethodsService,
    private readonly billing: SubscriptionBillingService,
    private readonly invoices: InvoicesService,
    private readonly audit: AuditLog,
    private readonly links: ClientLinksRepository,
    private readonly profile: AccountProfile,
  ) {}

  /**
   * The settings view. A client company its preparer pays for is shown the preparer's plan and validity (what opens
   * its paid features) and who pays, not the preparer's subscription itself: its period, status and id are the
   * preparer's business, and nothing in them is the client's to act on.
   */
  async current(userId: string): Promise<CurrentSubscriptionDto> {
    const payer = await this.links.payerOf(userId);
    if (payer === userId) return { ...(await this.ownView(userId)), billed_to: null };
    const [covering, payerName] = await Promise.all([this.ownView(payer), this.payerName(payer)]);
    return {
      ...covering,
      has_subscription: false,
      subscription: null,
      billed_to: { company_id: payer, company_name: payerName, plan_name: covering.plan?.name ?? null },
    };
  }

  private async ownView(userId: string): Promise<Omit<CurrentSubscriptionDto, 'billed_to'>> {
    const sub = await this.repository.latest(userId);
    if (!sub)
      return { has_subscription: false, subscription: null, plan: null, days_left: 0, has_valid_subscription: false };
    const plan = await this.plans.byId(sub.planId);
    const now = this.clock.now();
    const { id, name, description, price, currency, interval, features } = plan;
    return {
      has_subscription: true,
      subscription: SubscriptionDto.from(sub, plan),
      plan: { id, name, description, price, currency, interval, features },
      days_left: daysLeft(sub, now),
      has_valid_subscription: hasValidSubscription(sub, now),
    };
  }

  /**
   * The refusal for a client company its preparer pays for, or null for a company that pays for itself. Its access
   * comes from the preparer's subscription, so a subscription of its own would be paid for twice and change nothing;
   * the plan is the preparer's to change.
   */
  private async billedElsewhere(userId: string): Promise<Error | null> {
    const payer = await this.links.payerOf(userId);
    if (payer === userId) return null;
    return billedToPreparer(await this.payerName(payer));
  }

  /** A link names an existing company (a foreign key), so the id only stands in should its name ever be missing. */
  private async payerName(payer: string): Promise<string> {
    return (await this.profile.companyName(payer)) ?? payer;
  }

  private async refuseIfBilledElsewhere(userId: string): Promise<void> {
    const refusal = await this.billedElsewhere(userId);
    if (refusal) throw refusal;
  }

  /** What the guards read: for a client company its preparer pays for, the preparer's subscription. */
  async status(userId: string): Promise<SubscriptionStatusDto> {
    const payer = await this.links.payerOf(userId);
    const sub = await this.repository.latest(payer);
    const now = this.clock.now();
    if (!sub) {
      return {
        subscription: null,
        has_valid_subscription: false,
        plan: null,
        days_until_expiry: 0,
        is_trial: false,
        trial_expired: false,
      };
    }
    const plan = await this.plans.byId(sub.planId);
    const trial = trialInfo(sub, now);
    return {
      // A client billed to its preparer learns whether it is covered, by which plan and for how long, never the
      // preparer's subscription itself (its id, period, provider): that is the preparer's business.
      subscription: payer === userId ? SubscriptionDto.from(sub, plan) : null,
      has_valid_subscription: hasValidSubscription(sub, now),
      plan: { name: plan.name },
      days_until_expiry: daysLeft(sub, now),
      is_trial: trial.isTrial,
      trial_expired: trial.expired,
    };
  }

  async create(userId: string, body: CreateSubscriptionDto, idempotencyKey?: string): Promise<CurrentSubscriptionDto> {
    const fingerprint = requestFingerprint(body);
    // A replay is answered before anything else is looked at, as Stripe does (and a reuse with another body refused).
    if (idempotencyKey && (await this.replayed(undefined, userId, idempotencyKey, fingerprint))) {
      return this.current(userId);
    }
    await this.refuseIfBilledElsewhere(userId);
    const plan = await this.plans.choosable(body.plan_id);
    const prepared = await this.cards.prepare(userId, body.payment_method, 'payment_method');
    const outcome = await this.repository.transaction(async (manager) => {
      // A double click waits here for the first click to finish, then finds its subscription.
      await this.billingLock.hold(manager, userId);
      if (idempotencyKey && (await this.replayed(manager, userId, idempotencyKey, fingerprint))) {
        return { paidInvoiceIds: [] };
      }
      if (await this.repository.live(manager, userId)) throw alreadySubscribed();
      const card = await this.cards.save(manager, userId, prepared, { makeDefault: true });
      const started = await this.start(manager, userId, plan, card, idempotencyKey);
      await this.audit.record(manager, billingEvent(userId, 'subscribe', `Subscribed to ${plan.name}`));
      if (idempotencyKey) {
        await this.repository.setIdempotencyFingerprint(manager, userId, idempotencyKey, fingerprint);
      }
      return started;
    });
    await this.sendInvoices(outcome);
    return this.current(userId);
  }

  /**
   * Effective at once. An upgrade of a paid (active) period is charged the prorated price difference now, to the
   * default card, with its own invoice; a refused charge leaves the plan as it was (402). A trial pays nothing yet.
   */
  async changePlan(userId: string, body: ChangePlanDto): Promise<CurrentSubscriptionDto> {
    await this.refuseIfBilledElsewhere(userId);
    const plan = await this.plans.choosable(body.plan_id);
    const outcome = await this.repository.transaction(async (manager): Promise<Outcome> => {
      await this.billingLock.hold(manager, userId);
      const sub = await this.repository.live(manager, userId);
      const now = this.clock.now();
      if (!sub || !hasValidSubscription(sub, now)) throw noSubscription();
      const before = await this.plans.byId(sub.planId);
      const terms = planChangeTerms(sub, before, plan, now);
      if (terms.effect === 'same_plan') throw samePlan(plan.name);
      const change = { plan: { before: before.name, after: plan.name } };
      await this.audit.record(manager, {
        ...billingEvent(
          userId,
          'plan_change',
          `Changed the plan from ${before.name} to ${plan.name} (${terms.effect})`,
        ),
        changes: change,
      });
      if (terms.effect === 'keep_current') {
        // Choosing the current plan again calls off the downgrade waiting for the period end.
        await this.repository.update(manager, sub.id, { pendingPlanId: null });
        return { paidInvoiceIds: [] };
      }
      const paidInvoiceIds: string[] = [];
      if (terms.effect === 'period_end') {
        // A downgrade of a paid period waits for its end: the month paid for keeps the plan paid for.
        await this.repository.update(manager, sub.id, { pendingPlanId: plan.id });
        return { paidInvoiceIds };
      }
      {
        const cents = terms.chargeCents;
        if (cents > 0) {
          const card = await this.cards.defaultCard(manager, userId);
          const upgrade = {
            ...plan,
            name: `${before.name} to ${plan.name} upgrade (prorated)`,
            price: centsToAmount(cents),
          };
          const charge = await this.billing.chargePeriod(manager, sub, upgrade, card, now, sub.currentPeriodEnd);
          if (!charge.ok) throw chargeRefused(charge.failureMessage, charge.failureCode);
          paidInvoiceIds.push(charge.invoice.id);
        }
      }
      await this.repository.update(manager, sub.id, { planId: plan.id, pendingPlanId: null });
      return { paidInvoiceIds };
    });
    await this.sendInvoices(outcome);
    return this.current(userId);
  }

  /** What choosing `planId` would do now (the same rules as changePlan), nothing written: the confirmation's figures. */
  async planChangePreview(userId: string, planId: string): Promise<PlanChangePreviewDto> {
    await this.refuseIfBilledElsewhere(userId);
    const plan = await this.plans.choosable(planId);
    return this.repository.transaction(async (manager) => {
      const sub = await this.repository.live(manager, userId);
      const now = this.clock.now();
      if (!sub || !hasValidSubscription(sub, now)) throw noSubscription();
      const before = await this.plans.byId(sub.planId);
      const terms = planChangeTerms(sub, before, plan, now);
      const renewal = sub.status === 'trialing' && sub.trialEnd ? sub.trialEnd : sub.currentPeriodEnd;
      return {
        plan_id: plan.id,
        plan_name: plan.name,
        price: Number(plan.price),
        currency: plan.currency,
        interval: plan.interval,
        effect: terms.effect,
        charged_now: centsToAmount(terms.chargeCents),
        effective_at: (terms.effect === 'period_end' ? sub.currentPeriodEnd : now).toISOString(),
        next_renewal_at: renewal.toISOString(),
        next_renewal_price: Number(plan.price),
      };
    });
  }

  /**
   * Cancels at period end: access stays until then. Asking again changes nothing. A client company its preparer pays
   * for is refused a subscription of its own, but should it hold a live one it may still cancel it: that only stops
   * it paying twice.
   */
  async cancel(userId: string): Promise<CurrentSubscriptionDto> {
    const billedElsewhere = await this.billedElsewhere(userId);
    await this.repository.transaction(async (manager) => {
      await this.billingLock.hold(manager, userId);
      const sub = await this.repository.live(manager, userId);
      if (!sub) throw billedElsewhere ?? noSubscription();
      const now = this.clock.now();
      if (sub.status === 'past_due') {
        // Nothing paid remains to run out: a past_due subscription stops now and its open bill is voided.
        await this.repository.update(manager, sub.id, { status: 'canceled', canceledAt: now, endedAt: now });
        await this.invoices.closeOpen(manager, sub.id, 'void');
      } else if (!sub.cancelAtPeriodEnd) {
        await this.repository.update(manager, sub.id, { cancelAtPeriodEnd: true, canceledAt: now });
      }
      await this.audit.record(manager, billingEvent(userId, 'cancel', 'Cancelled the subscription'));
    });
    return this.current(userId);
  }

  /** Undoes a cancel before the period end. An ended subscription needs reactivate-with-payment. */
  async reactivate(userId: string): Promise<CurrentSubscriptionDto> {
    await this.refuseIfBilledElsewhere(userId);
    await this.repository.transaction(async (manager) => {
      await this.billingLock.hold(manager, userId);
      const sub = await this.repository.live(manager, userId);
      if (!sub || !hasValidSubscription(sub, this.clock.now())) throw subscriptionEnded();
      if (!sub.cancelAtPeriodEnd) throw notCanceling();
      await this.repository.update(manager, sub.id, { cancelAtPeriodEnd: false, canceledAt: null });
      await this.audit.record(manager, billingEvent(userId, 'reactivate', 'Reactivated the subscription'));
    });
    return this.current(userId);
  }

  /**
   * Resumes with a card: undoes a pending cancel, pays a past_due bill, or starts a new paid subscription when the
   * last one has ended. The chosen card becomes the default for renewals.
   */
  async reactivateWithPayment(userId: string, body: ReactivateWithPaymentDto): Promise<CurrentSubscriptionDto> {
    await this.refuseIfBilledElsewhere(userId);
    const plan = await this.plans.choosable(body.plan_id);
    const prepared = body.use_new_payment_method
      ? await this.cards.prepare(userId, body.payment_method_id, 'payment_method_id')
      : null;
    const outcome = await this.repository.transaction(async (manager): Promise<Outcome> => {
      await this.billingLock.hold(manager, userId);
      const card = prepared
        ? await this.cards.save(manager, userId, prepared, { makeDefault: true })
        : await this.cards.find(manager, userId, body.payment_method_id);
      await this.cards.makeDefault(manager, userId, card.id);
      await this.audit.record(
        manager,
        billingEvent(userId, 'reactivate', `Reactivated the subscription on ${plan.name}`),
      );
      const sub = await this.repository.live(manager, userId);
      if (!sub) return this.start(manager, userId, plan, card);
      if (sub.status === 'past_due') return this.payPastDue(manager, sub, plan, card);
      await this.repository.update(manager, sub.id, {
        planId: plan.id,
        pendingPlanId: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
      });
      return { paidInvoiceIds: [] };
    });
    await this.sendInvoices(outcome);
    return this.current(userId);
  }

  async payments(userId: string, query: PageQueryDto): Promise<PaymentHistoryDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const [rows, total] = await this.repository.payments(userId, page, limit);
    return {
      payments: rows.map((row) => ({
        id: row.id,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        description: row.description,
        failure_message: row.failureMessage,
        card_brand: row.cardBrand,
        card_last4: row.cardLast4,
        invoice_id: row.invoiceId,
        created_at: row.createdAt.toISOString(),
      })),
      page,
      limit,
      total,
    };
  }

  private async start(
    manager: EntityManager,
    userId: string,
    plan: Plan,
    card: PaymentMethod,
    idempotencyKey?: string,
  ): Promise<Outcome> {
    const now = this.clock.now();
    // The free trial is for an account's first subscription only; coming back is billed at once.
    const firstTime = !(await this.repository.hasAny(manager, userId));
    if (firstTime && plan.trialDays > 0) {
      const trialEnd = addDays(now, plan.trialDays);
      await this.repository.insert(manager, {
        userId,
        planId: plan.id,
        status: 'trialing',
        currentPeriodStart: now,
        currentPeriodEnd: trialEnd,
        trialEnd: trialEnd,
        provider: this.provider.name,
        idempotencyKey: idempotencyKey ?? null,
      });
      return { paidInvoiceIds: [] };
    }
    const sub = await this.repository.insert(manager, {
      userId,
      planId: plan.id,
      status: 'incomplete',
      currentPeriodStart: now,
      currentPeriodEnd: addMonths(now, 1),
      trialEnd: null,
      provider: this.provider.name,
      idempotencyKey: idempotencyKey ?? null,
    });
    const charge = await this.billing.chargePeriod(manager, sub, plan, card, now, sub.currentPeriodEnd);
    // Throwing rolls back the subscription, the saved card and the attempt: a refused first payment leaves nothing.
    if (!charge.ok) throw chargeRefused(charge.failureMessage, charge.failureCode);
    await this.repository.update(manager, sub.id, { status: 'active' });
    return { paidInvoiceIds: [charge.invoice.id] };
  }

  /** Pays the open bill of a past_due subscription; the paid period starts where the unpaid one did. */
  private async payPastDue(manager: EntityManager, sub: Subscription, plan: Plan, card: PaymentMethod) {
    const start = sub.currentPeriodEnd;
    const end = addMonths(start, 1);
    const refreshed = (await this.invoices.repriceOpen(manager, sub.id, start, plan)) ?? undefined;
    const charge = await this.billing.chargePeriod(manager, sub, plan, card, start, end, refreshed);
    if (!charge.ok) throw chargeRefused(charge.failureMessage, charge.failureCode);
    await this.repository.update(manager, sub.id, {
      status: 'active',
      planId: plan.id,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
    });
    return { paidInvoiceIds: [charge.invoice.id] };
  }

  private async sendInvoices(outcome: Outcome): Promise<void> {
    for (const id of outcome.paidInvoiceIds) await this.invoices.emailAfterPayment(id);
  }

  /**
   * Whether this Idempotency-Key already made a subscription with the same request; a different request under the
   * same key answers 422, as Stripe does.
   */
  private async replayed(
    manager: EntityManager | undefined,
    userId: string,
    key: string,
    fingerprint: string,
  ): Promise<boolean> {
    const row = await this.repository.idempotencyFingerprint(userId, key, manager);
    if (!row) return false;
    if (row.fingerprint !== null && row.fingerprint !== fingerprint) {
      throw new UnprocessableEntityException({
        error:
          'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          'Use another Idempotency-Key for a different request.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    return true;
  }
}
