import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PaymentMethodsModule } from '../payment-methods/payment-methods.module.js';
import { BillingRepository } from '../billing/billing.repository.js';
import { StripeWebhooksController } from './stripe-webhooks.controller.js';
import { StripeWebhooksService } from './stripe-webhooks.service.js';

/** Separate from BillingModule because applying events needs the card and invoice modules, which need billing. */
@Module({
  imports: [PaymentMethodsModule, InvoicesModule],
  controllers: [StripeWebhooksController],
  providers: [StripeWebhooksService, BillingRepository],
})
export class StripeWebhooksModule {}
