import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { GUARDED_FEATURES, type GuardedFeature } from '../../common/subscription-access.js';

export class CreateSubscriptionDto {
  @ApiProperty({ description: 'Plan id from GET /subscriptions/plans', example: 'professional' })
  @MaxLength(40, { message: 'plan_id must be a plan id' })
  @IsString({ message: 'plan_id must be a plan id' })
  plan_id: string;

  @ApiProperty({
    description: "The provider's payment method id from tokenising a new card",
    example: 'pm_sandbox_4f9c1e2d3b4a5968778695a4',
  })
  @MaxLength(255, { message: 'payment_method is too long' })
  @MinLength(3, { message: 'payment_method must be a payment method id' })
  @IsString({ message: 'payment_method must be a payment method id' })
  payment_method: string;
}

export class ChangePlanDto {
  @ApiProperty({
    description:
      'The plan to move to; takes effect at once (an upgrade of a paid period is charged the prorated difference now)',
    example: 'enterprise',
  })
  @MaxLength(40, { message: 'plan_id must be a plan id' })
  @IsString({ message: 'plan_id must be a plan id' })
  plan_id: string;
}

export class ReactivateWithPaymentDto {
  @ApiProperty({ description: 'The plan to resume on', example: 'professional' })
  @MaxLength(40, { message: 'plan_id must be a plan id' })
  @IsString({ message: 'plan_id must be a plan id' })
  plan_id: string;

  @ApiProperty({
    description: 'true: payment_method_id is a newly tokenised card; false: it is the id of a saved card',
    example: false,
  })
  @IsBoolean({ message: 'use_new_payment_method must be true or false' })
  use_new_payment_method: boolean;

  @ApiProperty({
    description: "A provider payment method id (new card) or a saved card's id",
    example: '5b0d7c7e-2a8f-4a8b-9a4f-0d6a4c1b2e3f',
  })
  @MaxLength(255, { message: 'payment_method_id is too long' })
  @MinLength(3, { message: 'payment_method_id must be a payment method id' })
  @IsString({ message: 'payment_method_id must be a payment method id' })
  payment_method_id: string;
}

export class FeatureAccessQueryDto {
  @ApiPropertyOptional({
    enum: GUARDED_FEATURES,
    description: 'A guarded feature; left out, the answer is whether paid features are open at all',
    example: 'report_creation',
  })
  @IsOptional()
  @IsIn(GUARDED_FEATURES, { message: `feature must be one of ${GUARDED_FEATURES.join(', ')}` })
  feature?: GuardedFeature;
}
