import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, MoreThanOrEqual } from 'typeorm';
import { queryPrepared } from '../database/prepared-statements.js';
import { Payment } from './entities/payment.entity.js';
import { Plan } from './entities/plan.entity.js';
import { Subscription } from './entities/subscription.entity.js';
import { LIVE_STATUSES, type SubscriptionState } from './subscription-rules.js';
import { type JobLease, underJobLock } from '../database/job-lock.js';

/** What the subscription guard needs: the newest subscription's state and its plan's limit. */
export interface AccessRow {
  status: SubscriptionState['status'];
  cancel_at_period_end: boolean;
  current_period_end: Date;
  trial_end: Date | null;
  plan_id: string;
  plan_name: string;
  reports_per_month: number | null;
}

type SubscriptionChanges = Partial<
  Pick<
    Subscription,
    | 'planId'
    | 'pendingPlanId'
    | 'status'
    | 'cancelAtPeriodEnd'
    | 'currentPeriodStart'
    | 'currentPeriodEnd'
    | 'canceledAt'
    | 'endedAt'
  >
>;

type NewSubscription = Pick<
  Subscription,
  | 'userId'
  | 'planId'
  | 'status'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'trialEnd'
  | 'provider'
  | 'idempotencyKey'
>;

type NewPayment = Omit<Payment, 'id'>;

/**
 * The SQL of the subscriptions feature's tables (`subscriptions`, `plans`, `payments`) and of the renewal job's
 * lock. Methods that take an EntityManager run in the caller's transaction (under the account's billing lock);
 * `transaction` opens one, so a service keeps several calls atomic.
 */
@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** `work` under the job's advisory lock, or null when another process runs it (database/job-lock.ts). */
  underJobLock<T>(key: number, work: (lease: JobLease) => Promise<T>): Promise<{ value: T } | null> {
    return underJobLock(this.db, key, work);
  }

  /** The account's newest subscription, whatever its status: what the status, settings view and guard show. */
  latest(userId: string, manager: EntityManager = this.db.manager): Promise<Subscription | null> {
    return manager.findOne(Subscription, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The account's one live subscription (active, trialing, past_due or incomplete), if any. */
  live(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager.findOneBy(Subscription, { userId, status: In([...LIVE_STATUSES]) });
  }

  byId(manager: EntityManager, id: string): Promise<Subscription | null> {
    return manager.findOneBy(Subscription, { id });
  }

  hasAny(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.existsBy(Subscription, { userId });
  }

  async insert(manager: EntityManager, fields: NewSubscription): Promise<Subscription> {
    const row = manager.create(Subscription, fields);
    await manager.insert(Subscription, row);
    return row;
  }

  async update(manager: EntityManager, id: string, changes: SubscriptionChanges): Promise<void> {
    await manager.update(Subscription, { id }, changes);
  }

  /** The request fingerprint stored with an Idempotency-Key; undefined when the key made no subscription. */
  async idempotencyFingerprint(
    userId: string,
    key: string,
    manager: EntityManager = this.db.manager,
  ): Promise<{ fingerprint: string | null } | undefined> {
    const [row] = (await manager.query(
      'SELECT idempotency_fingerprint AS fingerprint FROM subscriptions WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    )) as Array<{ fingerprint: string | null }>;
    return row;
  }

  async setIdempotencyFingerprint(manager: EntityManager, userId: string, key: string, fingerprint: string) {
    await manager.query(
      'UPDATE subscriptions SET idempotency_fingerprint = $1 WHERE user_id = $2 AND idempotency_key = $3',
      [fingerprint, userId, key],
    );
  }

  /** The newest subscription's state with its plan's name and monthly report limit. */
  async accessRow(userId: string): Promise<AccessRow | undefined> {
    // Every guarded request asks this: a prepared statement spares PostgreSQL the planning each time.
    const [row] = await queryPrepared<AccessRow>(
      this.db,
      `SELECT s.status, s.cancel_at_period_end, s.current_period_end, s.trial_end,
              p.id AS plan_id, p.name AS plan_name, p.reports_per_month
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id
       WHERE s.user_id = $1 ORDER BY s.created_at DESC LIMIT 1`,
      [userId],
    );
    return row;
  }

  /**
   * Accounts with a live subscription whose period end has passed, or past due a day or more (a retry of the refused
   * bill may be due; processDue decides), or past due beyond the grace.
   */
  async dueAccounts(now: Date, limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM subscriptions
       WHERE (status IN ('active', 'trialing') AND current_period_end <= $1)
          OR (status = 'past_due' AND current_period_end + interval '1 day' <= $1)
       LIMIT $2`,
      [now, limit],
    )) as Array<{ user_id: string }>;
    return rows.map((row) => row.user_id);
  }

  /** How many charges of the subscription failed since `since` (the refused renewal and its retries). */
  async failedAttempts(manager: EntityManager, subscriptionId: string, since: Date): Promise<number> {
    return manager.getRepository(Payment).countBy({
      subscriptionId,
      status: 'failed',
      createdAt: MoreThanOrEqual(since),
    });
  }

  plan(manager: EntityManager, id: string): Promise<Plan> {
    return manager.findOneByOrFail(Plan, { id });
  }

  /** One page of the account's payment history, newest first, and the count of all. */
  payments(userId: string, page: number, limit: number): Promise<[Payment[], number]> {
    return this.db.getRepository(Payment).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
      skip: (page - 1) * limit,
    });
  }

  async insertPayment(manager: EntityManager, payment: NewPayment): Promise<void> {
    await manager.insert(Payment, payment);
  }

  /** Failed payments at `provider` that the provider may have completed since (they carry its payment id). */
  async failedProviderPayments(
    userId: string,
    provider: string,
  ): Promise<Array<{ invoice_id: string; provider_payment_id: string }>> {
    return (await this.db.query(
      `SELECT DISTINCT invoice_id, provider_payment_id FROM payments
       WHERE user_id = $1 AND status = 'failed' AND provider = $2 AND provider_payment_id IS NOT NULL
         AND invoice_id IS NOT NULL`,
      [userId, provider],
    )) as Array<{ invoice_id: string; provider_payment_id: string }>;
  }

  async markPaymentSucceeded(manager: EntityManager, userId: string, providerPaymentId: string): Promise<void> {
    await manager.update(Payment, { providerPaymentId, userId }, { status: 'succeeded', failureMessage: null });
  }
}
