import { ApiProperty } from '@nestjs/swagger';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../subscription-rules.js';
import type { Plan } from '../entities/plan.entity.js';
import type { Subscription } from '../entities/subscription.entity.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export class SubscriptionDto {
  @ApiProperty({ format: 'uuid', description: 'Subscription id', example: '9a3e0c52-8f0e-4a8c-bb0e-2f7f3c5d9e11' })
  id: string;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES, description: 'Status (spec §4)', example: 'trialing' })
  status: SubscriptionStatus;

  @ApiProperty({ description: 'Plan id', example: 'professional' })
  plan_id: string;

  @ApiProperty({ description: 'Plan name', example: 'Professional' })
  plan: string;

  @ApiProperty({ description: 'Ends at current_period_end instead of renewing', example: false })
  cancel_at_period_end: boolean;

  @ApiProperty({ description: 'Start of the paid (or trial) period', example: '2026-11-22T23:15:00.000Z' })
  current_period_start: string;

  @ApiProperty({
    description: 'End of the period: the next renewal, or the end of access',
    example: '2026-12-06T23:15:00.000Z',
  })
  current_period_end: string;

  @ApiProperty({ description: 'Same as current_period_end', example: '2026-12-06T23:15:00.000Z' })
  currentPeriodEnd: string;

  @ApiProperty({
    description: 'End of the free trial, if one was given',
    example: '2026-12-06T23:15:00.000Z',
    nullable: true,
    type: String,
  })
  trial_end: string | null;

  @ApiProperty({ description: 'When cancellation was asked for', example: null, nullable: true, type: String })
  canceled_at: string | null;

  @ApiProperty({ description: 'When it stopped (canceled or unpaid)', example: null, nullable: true, type: String })
  ended_at: string | null;

  @ApiProperty({ description: 'The card provider billing it', example: 'sandbox' })
  provider: string;

  @ApiProperty({
    description: 'A downgrade that takes effect at current_period_end (the current plan runs until then)',
    example: null,
    nullable: true,
    type: String,
  })
  pending_plan_id: string | null;

  @ApiProperty({ description: 'When it was created', example: '2026-11-22T23:15:00.000Z' })
  created_at: string;

  static from(sub: Subscription, plan: Plan): SubscriptionDto {
    return {
      id: sub.id,
      status: sub.status,
      plan_id: sub.planId,
      plan: plan.name,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      current_period_start: sub.currentPeriodStart.toISOString(),
      current_period_end: sub.currentPeriodEnd.toISOString(),
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      trial_end: iso(sub.trialEnd),
      canceled_at: iso(sub.canceledAt),
      ended_at: iso(sub.endedAt),
      provider: sub.provider,
      pending_plan_id: sub.pendingPlanId ?? null,
      created_at: sub.createdAt.toISOString(),
    };
  }
}

export class CurrentPlanDto {
  @ApiProperty({ description: 'Plan id', example: 'professional' })
  id: string;
  @ApiProperty({ description: 'Plan name', example: 'Professional' })
  name: string;
  @ApiProperty({ description: 'One-line pitch', example: 'For growing fleets that file every quarter.' })
  description: string;
  @ApiProperty({ description: 'Price per interval', example: 59 })
  price: number;
  @ApiProperty({ description: 'ISO currency code', example: 'USD' })
  currency: string;
  @ApiProperty({ description: 'Billing interval', example: 'month' })
  interval: string;
  @ApiProperty({ type: [String], description: 'Selling points', example: ['Up to 100 reports per month'] })
  features: string[];
}

/** The company that pays for a client company's access: its preparer, on the preparer's plan. */
export class BilledToDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The paying company (the preparer)',
    example: '3f1c2b7a-5d4e-4c3b-9a8f-7e6d5c4b3a21',
  })
  company_id: string;

  @ApiProperty({ description: "The paying company's name", example: 'Ledger Preparers' })
  company_name: string;

  @ApiProperty({
    description: "The paying company's plan; null if it has never subscribed",
    example: 'Professional',
    nullable: true,
    type: String,
  })
  plan_name: string | null;
}

/** GET /protected/subscriptions/current, and the answer of every subscription change. */
export class CurrentSubscriptionDto {
  @ApiProperty({
    description: 'The account has (or had) a subscription of its own to show; false while billed_to is set',
    example: true,
  })
  has_subscription: boolean;

  @ApiProperty({
    type: SubscriptionDto,
    nullable: true,
    description: "The latest subscription, null if none ever (and while billed_to is set: the payer's is not shown)",
  })
  subscription: SubscriptionDto | null;

  @ApiProperty({
    type: CurrentPlanDto,
    nullable: true,
    description: "The subscription's plan; while billed_to is set, the payer's plan",
  })
  plan: CurrentPlanDto | null;

  @ApiProperty({
    description:
      "Days of access left (trial, period or grace), rounded up; 0 when none. While billed_to is set, the payer's",
    example: 14,
  })
  days_left: number;

  @ApiProperty({
    description:
      'Active or trialing (a cancel-flagged one until its period end), or past_due in grace. While billed_to is ' +
      "set, the payer's subscription's: it is what opens the paid features",
    example: true,
  })
  has_valid_subscription: boolean;

  @ApiProperty({
    type: BilledToDto,
    nullable: true,
    description:
      "A client company its preparer pays for: the preparer and its plan. Such a company's own subscription " +
      'cannot be started or changed (409 BILLED_TO_PREPARER); null for a company that pays for itself',
  })
  billed_to: BilledToDto | null;
}

export class PlanNameDto {
  @ApiProperty({ description: 'Plan name', example: 'Professional' })
  name: string;
}

/** GET /protected/subscriptions/status. */
export class SubscriptionStatusDto {
  @ApiProperty({ type: SubscriptionDto, nullable: true, description: 'The latest subscription, null if none ever' })
  subscription: SubscriptionDto | null;

  @ApiProperty({ description: 'Whether paid features are open now', example: true })
  has_valid_subscription: boolean;

  @ApiProperty({ type: PlanNameDto, nullable: true, description: "The subscription's plan" })
  plan: PlanNameDto | null;

  @ApiProperty({ description: 'Days until access ends unless renewed, rounded up; 0 when none', example: 14 })
  days_until_expiry: number;

  @ApiProperty({ description: 'Trialing now', example: true })
  is_trial: boolean;

  @ApiProperty({ description: 'Trialing and past trial_end (renewal pending)', example: false })
  trial_expired: boolean;
}

export class FeatureAccessDto {
  @ApiProperty({
    description: 'The feature asked about; null when none was',
    example: 'report_creation',
    nullable: true,
    type: String,
  })
  feature: string | null;

  @ApiProperty({ description: 'Whether the account may use it now', example: true })
  has_access: boolean;

  @ApiProperty({
    description: 'Why not: SUBSCRIPTION_REQUIRED or USAGE_LIMIT_REACHED; null when allowed',
    example: null,
    nullable: true,
    type: String,
  })
  reason: string | null;
}

export class PaymentHistoryEntryDto {
  @ApiProperty({ format: 'uuid', description: 'Payment id', example: '1c9d7e0b-3f2a-4e8d-9b6a-5f4e3d2c1b0a' })
  id: string;
  @ApiProperty({ description: 'Amount charged or attempted', example: 59 })
  amount: number;
  @ApiProperty({ description: 'ISO currency code', example: 'USD' })
  currency: string;
  @ApiProperty({ enum: ['succeeded', 'failed'], description: 'Outcome', example: 'succeeded' })
  status: string;
  @ApiProperty({ description: 'What it paid for', example: 'Professional plan, 2026-12-06 - 2027-01-06' })
  description: string;
  @ApiProperty({ description: "The provider's reason for a failure", example: null, nullable: true, type: String })
  failure_message: string | null;
  @ApiProperty({ description: 'Card brand used', example: 'visa', nullable: true, type: String })
  card_brand: string | null;
  @ApiProperty({ description: 'Last 4 digits of the card used', example: '4242', nullable: true, type: String })
  card_last4: string | null;
  @ApiProperty({
    description: 'The invoice it belongs to',
    format: 'uuid',
    nullable: true,
    type: String,
    example: null,
  })
  invoice_id: string | null;
  @ApiProperty({ description: 'When it was attempted', example: '2026-12-06T23:15:00.000Z' })
  created_at: string;
}

export class PaymentHistoryDto {
  @ApiProperty({ type: [PaymentHistoryEntryDto], description: 'Newest first' })
  payments: PaymentHistoryEntryDto[];
  @ApiProperty({ description: 'This page, from 1', example: 1 })
  page: number;
  @ApiProperty({ description: 'Page size', example: 10 })
  limit: number;
  @ApiProperty({ description: 'All payments of the account', example: 2 })
  total: number;
}
