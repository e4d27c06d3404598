import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from '../../users/entities/user.entity.js';
import { Plan } from './plan.entity.js';
import type { SubscriptionStatus } from '../subscription-rules.js';

/** One account's subscription to a plan. At most one per account is live (partial unique index). */
@Entity('subscriptions')
@Index('subscriptions_one_live_per_account', ['userId'], {
  unique: true,
  where: `status IN ('active', 'trialing', 'past_due', 'incomplete')`,
})
@Index('subscriptions_idempotency_key', ['userId', 'idempotencyKey'], {
  unique: true,
  where: 'idempotency_key IS NOT NULL',
})
@Index('subscriptions_due', ['currentPeriodEnd'], { where: `status IN ('active', 'trialing', 'past_due')` })
@Index('subscriptions_user_created', { synchronize: false }) // (user_id, created_at DESC)
@Check(
  'subscriptions_status_check',
  `status IN ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired')`,
)
@Check('subscriptions_check', 'current_period_end > current_period_start')
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'subscriptions_user_id_fkey' })
  user?: Relation<User>;

  @Column({ name: 'plan_id', type: 'varchar', length: 40 })
  planId: string;

  @ManyToOne(() => Plan)
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'subscriptions_plan_id_fkey' })
  plan?: Relation<Plan>;

  /** A downgrade waiting for the period end; the renewal switches to it before charging. */
  @Column({ name: 'pending_plan_id', type: 'varchar', length: 40, nullable: true, default: null })
  pendingPlanId: string | null;

  @ManyToOne(() => Plan)
  @JoinColumn({ name: 'pending_plan_id', foreignKeyConstraintName: 'subscriptions_pending_plan_id_fkey' })
  pendingPlan?: Relation<Plan>;

  @Column({ type: 'varchar', length: 20 })
  status: SubscriptionStatus;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Column({ name: 'current_period_start', type: 'timestamptz' })
  currentPeriodStart: Date;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd: Date;

  @Column({ name: 'trial_end', type: 'timestamptz', nullable: true })
  trialEnd: Date | null;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 100, nullable: true, select: false })
  idempotencyKey: string | null;

  /** Hash of the request that used the idempotency key, so a different request under the same key is refused. */
  @Column({ name: 'idempotency_fingerprint', type: 'char', length: 64, nullable: true, select: false })
  idempotencyFingerprint: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
