import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import type { PaymentMethod } from '../entities/payment-method.entity.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AddPaymentMethodDto {
  @ApiProperty({
    description: "The provider's payment method id from tokenising the card in the browser",
    example: 'pm_sandbox_4f9c1e2d3b4a5968778695a4',
  })
  @MaxLength(255, { message: 'payment_method_id is too long' })
  @MinLength(3, { message: 'payment_method_id must be a payment method id' })
  @IsString({ message: 'payment_method_id must be a payment method id' })
  payment_method_id: string;

  @ApiPropertyOptional({ description: 'A name for the card', maxLength: 50, example: 'Work Card' })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(50, { message: 'nickname must be at most 50 characters' })
  @IsString({ message: 'nickname must be text' })
  nickname?: string;

  @ApiPropertyOptional({ description: 'Make it the default card (the first card always is)', example: true })
  @IsOptional()
  @Equals(true, { message: 'set_default can only be true' })
  set_default?: boolean;
}

export class UpdatePaymentMethodDto {
  @ApiPropertyOptional({
    description: 'true makes this the default card; the previous default stops being one',
    example: true,
  })
  @IsOptional()
  @Equals(true, { message: 'is_default can only be set to true; set another card as default instead' })
  is_default?: boolean;

  @ApiPropertyOptional({
    description: "The card's name; empty or null clears it ('No name')",
    maxLength: 50,
    example: 'Work Card',
    nullable: true,
    type: String,
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @Transform(trimmed)
  @MaxLength(50, { message: 'nickname must be at most 50 characters' })
  @IsString({ message: 'nickname must be text' })
  nickname?: string | null;
}

export class PaymentMethodResponseDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Our id of the saved card',
    example: '5b0d7c7e-2a8f-4a8b-9a4f-0d6a4c1b2e3f',
  })
  id: string;

  @ApiProperty({ description: 'The card provider holding the card', enum: ['sandbox', 'stripe'], example: 'sandbox' })
  provider: string;

  @ApiProperty({
    description: "The provider's own payment method id (Stripe: pm_...; sandbox: pm_sandbox_...)",
    example: 'pm_sandbox_4f9c1e2d3b4a5968778695a4',
  })
  provider_payment_method_id: string;

  @ApiProperty({ description: 'Card brand', example: 'visa' })
  card_brand: string;

  @ApiProperty({ description: 'Last four digits', example: '4242' })
  card_last4: string;

  @ApiProperty({ description: 'Expiry month', example: 12 })
  card_exp_month: number;

  @ApiProperty({ description: 'Expiry year', example: 2030 })
  card_exp_year: number;

  @ApiProperty({
    description: "The card's name, null when unnamed",
    example: 'Work Card',
    nullable: true,
    type: String,
  })
  nickname: string | null;

  @ApiProperty({ description: 'Used for renewals; exactly one card per account is default', example: true })
  is_default: boolean;

  @ApiProperty({ description: 'When it was saved', example: '2026-11-22T23:15:00.000Z' })
  created_at: string;

  static from(card: PaymentMethod): PaymentMethodResponseDto {
    return {
      id: card.id,
      provider: card.provider,
      provider_payment_method_id: card.providerPaymentMethodId,
      card_brand: card.cardBrand,
      card_last4: card.cardLast4,
      card_exp_month: card.cardExpMonth,
      card_exp_year: card.cardExpYear,
      nickname: card.nickname,
      is_default: card.isDefault,
      created_at: card.createdAt.toISOString(),
    };
  }
}

export class PaymentMethodListDto {
  @ApiProperty({ type: [PaymentMethodResponseDto], description: 'Default card first, then newest first' })
  payment_methods: PaymentMethodResponseDto[];
}

export class DeletePaymentMethodResponseDto {
  @ApiProperty({ format: 'uuid', description: 'The deleted card', example: '5b0d7c7e-2a8f-4a8b-9a4f-0d6a4c1b2e3f' })
  id: string;

  @ApiProperty({ description: 'Always true', example: true })
  deleted: boolean;

  @ApiProperty({
    description: 'The card promoted to default when the default was deleted, else null',
    format: 'uuid',
    nullable: true,
    type: String,
    example: null,
  })
  new_default_id: string | null;
}
