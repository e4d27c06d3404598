import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock.js';
import {
  type AccessContext,
  type AccessDecision,
  type GuardedFeature,
  type ReportCap,
  type SeatAllowance,
  SubscriptionAccess,
  type ValidPlan,
  usageLimitMessage,
} from '../common/subscription-access.js';
import { isUuid } from '../common/validators/uuid.js';
import { ReportUsageMeter } from '../reports/report-usage-meter.js';
import { ClientLinksRepository } from '../client-links/client-links.repository.js';
import { PlansService } from './plans.service.js';
import { DEFAULT_SEAT_PLAN, seatsOf } from './plan-seats.js';
import { hasValidSubscription, type SubscriptionState } from './subscription-rules.js';
import { type AccessRow, SubscriptionsRepository } from './subscriptions.repository.js';

const subscriptionState = (row: AccessRow): SubscriptionState => ({
  status: row.status,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  currentPeriodEnd: row.current_period_end,
  trialEnd: row.trial_end,
});

/**
 * Answers the SubscriptionGuard and feature-access: the status rules of docs/product-spec.md §4, then the plan's usage
 * limits. A client company its preparer pays for (billing 'preparer') is opened by the preparer's subscription and
 * held to the preparer's plan; its reports still count against its own monthly usage (PLANS.md, Preparers).
 */
@Injectable()
export class SubscriptionAccessService extends SubscriptionAccess {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly usage: ReportUsageMeter,
    private readonly clock: Clock,
    private readonly links: ClientLinksRepository,
    private readonly plans: PlansService,
  ) {
    super();
  }

  /** The subscription that opens the company: its preparer's when the preparer pays for it, else its own. */
  private async accessRow(companyId: string): Promise<AccessRow | undefined> {
    return this.repository.accessRow(await this.links.payerOf(companyId));
  }

  async renewsOnCard(userId: string): Promise<boolean> {
    const row = await this.repository.accessRow(userId);
    return !!row && (row.status === 'active' || row.status === 'trialing') && !row.cancel_at_period_end;
  }

  async check(userId: string, feature?: GuardedFeature, context: AccessContext = {}): Promise<AccessDecision> {
    const row = await this.accessRow(userId);
    const now = this.clock.now();
    if (!row || !hasValidSubscription(subscriptionState(row), now)) {
      return { allowed: false, code: 'SUBSCRIPTION_REQUIRED' };
    }
    if (feature === 'report_creation') {
      const reportCap = capOf(row);
      if (!reportCap) return { allowed: true, reportCap };
      // Rewriting a report already counted this month costs nothing more; any other rewrite is a new return.
      const { reportId } = context;
      if (reportId && isUuid(reportId) && (await this.usage.isCountedThisMonth(userId, reportId, now))) {
        return { allowed: true, reportCap };
      }
      const used = await this.usage.usedThisMonth(userId, now);
      if (used >= reportCap.limit) {
        return {
          allowed: false,
          code: 'USAGE_LIMIT_REACHED',
          message: usageLimitMessage(reportCap),
          limit: reportCap.limit,
          used,
        };
      }
      return { allowed: true, reportCap };
    }
    return { allowed: true };
  }

  async reportCap(userId: string): Promise<ReportCap | null> {
    const row = await this.accessRow(userId);
    return row ? capOf(row) : null;
  }

  async seatAllowance(companyId: string): Promise<SeatAllowance> {
    const row = await this.accessRow(companyId);
    if (row && hasValidSubscription(subscriptionState(row), this.clock.now())) {
      return { limit: seatsOf(row.plan_id), planName: row.plan_name };
    }
    return { limit: seatsOf(null), planName: (await this.plans.byId(DEFAULT_SEAT_PLAN)).name };
  }

  async validPlan(companyId: string): Promise<ValidPlan | null> {
    const row = await this.accessRow(companyId);
    if (!row || !hasValidSubscription(subscriptionState(row), this.clock.now())) return null;
    return { id: row.plan_id, name: row.plan_name };
  }
}

const capOf = (row: AccessRow): ReportCap | null =>
  row.reports_per_month === null ? null : { limit: row.reports_per_month, planName: row.plan_name };
