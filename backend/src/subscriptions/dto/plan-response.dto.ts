import { ApiProperty } from '@nestjs/swagger';
import type { Plan } from '../entities/plan.entity.js';

export class PlanResponseDto {
  @ApiProperty({ description: 'Plan id, sent as plan_id', example: 'professional' })
  id: string;

  @ApiProperty({ description: 'Plan name', example: 'Professional' })
  name: string;

  @ApiProperty({ description: 'One-line pitch', example: 'For growing fleets that file every quarter.' })
  description: string;

  @ApiProperty({ description: 'Price per interval, in currency units', example: 59 })
  price: number;

  @ApiProperty({ description: 'ISO currency code', example: 'USD' })
  currency: string;

  @ApiProperty({ description: 'Billing interval', example: 'month' })
  interval: string;

  @ApiProperty({ description: 'Free days before the first charge (first subscription only)', example: 14 })
  trial_days: number;

  @ApiProperty({
    type: [String],
    description: 'Selling points, most important first',
    example: ['Up to 100 reports per month'],
  })
  features: string[];

  @ApiProperty({
    description: 'Reports that can be created per calendar month; null is unlimited',
    example: 100,
    nullable: true,
    type: Number,
  })
  reports_per_month: number | null;

  static from(plan: Plan): PlanResponseDto {
    return {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price: plan.price,
      currency: plan.currency,
      interval: plan.interval,
      trial_days: plan.trialDays,
      features: plan.features,
      reports_per_month: plan.reportsPerMonth,
    };
  }
}

export class PlanListDto {
  @ApiProperty({ type: [PlanResponseDto], description: 'Plans on sale, cheapest first' })
  plans: PlanResponseDto[];

  @ApiProperty({ description: 'The live card provider', enum: ['sandbox', 'stripe'], example: 'sandbox' })
  provider: string;
}

export class ProviderConfigDto {
  @ApiProperty({ description: 'The live card provider', enum: ['sandbox', 'stripe'], example: 'sandbox' })
  provider: string;

  @ApiProperty({
    description: 'The key the browser uses to tokenise cards with the provider',
    example: 'pk_sandbox_local',
  })
  publishable_key: string;

  @ApiProperty({
    description: 'Where the browser tokenises a card (sandbox only; Stripe uses Stripe Elements)',
    example: '/api/sandbox/payment_methods',
    nullable: true,
    type: String,
  })
  tokenize_url: string | null;
}
