import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../billing/clock.js';
import {
  type AccessContext,
  type AccessDecision,
  type GuardedFeature,
  SubscriptionAccess,
} from '../common/subscription-access.js';
import { isUuid } from '../reports/reports.service.js';
import { isCountedThisMonth, reportsUsedThisMonth } from '../reports/report-usage.js';
import { hasValidSubscription, type SubscriptionState } from './subscription-rules.js';

interface AccessRow {
  status: SubscriptionState['status'];
  cancel_at_period_end: boolean;
  current_period_end: Date;
  trial_end: Date | null;
  plan_name: string;
  reports_per_month: number | null;
}

const subscriptionState = (row: AccessRow): SubscriptionState => ({
  status: row.status,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  currentPeriodEnd: row.current_period_end,
  trialEnd: row.trial_end,
});

/** Answers the SubscriptionGuard and feature-access: the status rules of §4, then the plan's usage limits. */
@Injectable()
export class SubscriptionAccessService extends SubscriptionAccess {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  async check(userId: string, feature?: GuardedFeature, context: AccessContext = {}): Promise<AccessDecision> {
    const [row] = (await this.dataSource.query(
      `SELECT s.status, s.cancel_at_period_end, s.current_period_end, s.trial_end,
              p.name AS plan_name, p.reports_per_month
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id
       WHERE s.user_id = $1 ORDER BY s.created_at DESC LIMIT 1`,
      [userId],
    )) as AccessRow[];
    const now = this.clock.now();
    if (!row || !hasValidSubscription(subscriptionState(row), now)) {
      return { allowed: false, code: 'SUBSCRIPTION_REQUIRED' };
    }
    if (feature === 'report_creation' && row.reports_per_month !== null) {
      // Rewriting a report already counted this month costs nothing more; any other rewrite is a new return.
      const { reportId } = context;
      if (reportId && isUuid(reportId) && (await isCountedThisMonth(this.dataSource.manager, userId, reportId, now))) {
        return { allowed: true };
      }
      const used = await reportsUsedThisMonth(this.dataSource.manager, userId, now);
      if (used >= row.reports_per_month) {
        return {
          allowed: false,
          code: 'USAGE_LIMIT_REACHED',
          message:
            `Limit reached: your ${row.plan_name} plan includes ${row.reports_per_month} reports per month. ` +
            'Upgrade your plan to create more.',
          limit: row.reports_per_month,
          used,
        };
      }
    }
    return { allowed: true };
  }
}
