import { Controller, Headers, HttpCode, Inject, Post, type RawBodyRequest, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StripeWebhooksService } from './stripe-webhooks.service.js';

class WebhookAckDto {
  @ApiProperty({ description: 'The event was accepted', example: true })
  received: true;

  @ApiProperty({ description: 'The event had been applied before; nothing changed this time', example: false })
  duplicate: boolean;
}

/** Stripe calls this; it proves itself with the Stripe-Signature header over the exact raw body. */
@ApiTags('webhooks')
@Public()
@Controller('webhooks')
export class StripeWebhooksController {
  constructor(
    private readonly webhooks: StripeWebhooksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  @ApiOperation({ summary: "Stripe's events (signed): late payments, card updates and removals" })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: "Stripe's signature of the raw body" })
  @ApiOkResponse({ type: WebhookAckDto })
  @ApiBadRequestResponse({ description: 'Missing or wrong signature: nothing is applied', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'Stripe is not the live provider', type: ErrorResponseDto })
  handle(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string): Promise<WebhookAckDto> {
    return this.webhooks.handle(req.rawBody, signature, this.config.stripe.webhookSecret);
  }
}
