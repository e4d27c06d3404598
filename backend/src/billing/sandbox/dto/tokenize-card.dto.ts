import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength } from 'class-validator';

/** The card as typed in the sandbox card form. Checked, tokenised, then forgotten: never stored or logged. */
export class TokenizeCardDto {
  @ApiProperty({ description: 'Card number; spaces and dashes allowed', example: '4242 4242 4242 4242' })
  @MaxLength(30, { message: 'Your card number is invalid.' })
  @IsString({ message: 'Your card number is incomplete.' })
  number: string;

  @ApiProperty({ description: 'Expiry month, 1-12', example: 12 })
  @Type(() => Number)
  @IsInt({ message: "Your card's expiration month is invalid." })
  exp_month: number;

  @ApiProperty({ description: 'Expiry year, four digits (two are read as 20YY)', example: 2030 })
  @Type(() => Number)
  @IsInt({ message: "Your card's expiration year is invalid." })
  exp_year: number;

  @ApiProperty({ description: 'Security code: 3 digits, 4 for American Express', example: '123' })
  @MaxLength(4, { message: "Your card's security code is invalid." })
  @IsString({ message: "Your card's security code is incomplete." })
  cvc: string;
}

export class SandboxCardDto {
  @ApiProperty({ example: 'visa', description: 'visa, mastercard, amex, discover, jcb, diners or unknown' })
  brand: string;

  @ApiProperty({ example: '4242', description: 'Last four digits' })
  last4: string;

  @ApiProperty({ example: 12, description: 'Expiry month' })
  exp_month: number;

  @ApiProperty({ example: 2030, description: 'Expiry year, four digits' })
  exp_year: number;
}

export class SandboxPaymentMethodDto {
  @ApiProperty({
    example: 'pm_sandbox_4f9c1e2d3b4a5968778695a4',
    description: 'The token to send as payment_method',
  })
  id: string;

  @ApiProperty({ type: SandboxCardDto, description: 'What the token stands for' })
  card: SandboxCardDto;
}
