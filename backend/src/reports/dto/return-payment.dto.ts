import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNumber, IsOptional, IsPositive, IsString, Max, MaxLength } from 'class-validator';
import { MaxDecimalPlaces } from '../../common/validators/max-decimal-places.js';
import { IsFilingDate } from './filing-date.validator.js';

export const PAYMENT_KINDS = ['payment', 'refund', 'credit_carried_forward'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_METHODS = ['ach', 'check', 'card', 'eft', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The largest single entry, in US$: well above any quarter's fuel tax, and inside the numeric(12,2) column. */
export const PAYMENT_AMOUNT_LIMIT = 10_000_000;

/** POST body: money paid on a filed return, or given back. */
export class CreateReturnPaymentDto {
  @ApiProperty({
    enum: PAYMENT_KINDS,
    description:
      'payment: the carrier paid the jurisdiction; refund: a credit was paid back to the carrier; ' +
      'credit_carried_forward: a credit was applied to a later return instead',
    example: 'payment',
  })
  @IsIn(PAYMENT_KINDS, { message: `kind must be one of ${PAYMENT_KINDS.join(', ')}` })
  kind: PaymentKind;

  @ApiProperty({
    format: 'date',
    description: 'The day the money moved (YYYY-MM-DD, not after today)',
    example: '2026-05-01',
  })
  @IsFilingDate()
  paid_on: string;

  @ApiProperty({ description: 'US$, positive, at most 2 decimals and 10,000,000', example: 1267.92 })
  @IsPositive({ message: 'amount must be a positive number' })
  @Max(PAYMENT_AMOUNT_LIMIT, { message: 'amount must not exceed 10,000,000' })
  @MaxDecimalPlaces(2)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  amount: number;

  @ApiProperty({ enum: PAYMENT_METHODS, example: 'ach' })
  @IsIn(PAYMENT_METHODS, { message: `method must be one of ${PAYMENT_METHODS.join(', ')}` })
  method: PaymentMethod;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A confirmation or check number, at most 100 characters',
    example: 'ACH 4471-2209',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsString({ message: 'reference must be text' })
  @MaxLength(100, { message: 'reference must be at most 100 characters' })
  reference?: string | null;
}

export class ReturnPaymentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The final report it was recorded on; null once that report was deleted (it stays with the return)',
  })
  report_id: string | null;
  @ApiProperty({ enum: PAYMENT_KINDS }) kind: PaymentKind;
  @ApiProperty({ format: 'date', example: '2026-05-01' }) paid_on: string;
  @ApiProperty({ description: 'US$, positive; the kind says which way it went', example: 1267.92 }) amount: number;
  @ApiProperty({ enum: PAYMENT_METHODS }) method: PaymentMethod;
  @ApiProperty({ type: String, nullable: true, example: 'ACH 4471-2209' }) reference: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class DeleteReturnPaymentResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}
