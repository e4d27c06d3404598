import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import { CardError } from './payment-provider.js';

/**
 * A provider's card refusal as our error shape: an unknown or malformed payment method is a 400 naming the field
 * it came in; a refused card is a 402 with the provider's own sentence ("Your card was declined.").
 */
export function cardErrorToHttp(error: unknown, field: string): unknown {
  if (!(error instanceof CardError)) return error;
  if (error.kind === 'invalid') {
    const message = `${field}: ${error.message}`;
    return new BadRequestException({ error: message, code: error.code, fields: { [field]: message } });
  }
  return new HttpException({ error: error.message, code: error.code }, HttpStatus.PAYMENT_REQUIRED);
}
