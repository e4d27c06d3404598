import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { UsersModule } from '../users/users.module.js';
import { AccountBillingLock } from './account-billing-lock.service.js';
import { BillingCustomersService } from './billing-customers.service.js';
import { BillingRepository } from './billing.repository.js';
import { BillingCustomer, BillingEvent } from './entities.js';
import { PaymentProvider } from './payment-provider.js';
import { SandboxPaymentMethod } from './sandbox/entities/sandbox-payment-method.entity.js';
import { SandboxController } from './sandbox/sandbox.controller.js';
import { SandboxRateLimitGuard } from './sandbox/sandbox-rate-limit.guard.js';
import { SandboxPaymentProvider } from './sandbox/sandbox.provider.js';
import { SandboxTokensRepository } from './sandbox/sandbox-tokens.repository.js';
import { SandboxService } from './sandbox/sandbox.service.js';
import { StripePaymentProvider } from './stripe/stripe.provider.js';

/**
 * The card-provider port and its adapters. STRIPE_* keys select Stripe; without them the sandbox is live, so a
 * first run can subscribe with no outside service.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SandboxPaymentMethod, BillingCustomer, BillingEvent]), UsersModule],
  controllers: [SandboxController],
  providers: [
    {
      provide: PaymentProvider,
      inject: [APP_CONFIG, SandboxTokensRepository],
      useFactory: (config: AppConfig, tokens: SandboxTokensRepository): PaymentProvider => {
        if (config.billingProvider === 'stripe') return new StripePaymentProvider(config.stripe);
        if (config.sandboxInProduction) {
          new Logger('Billing').warn(
            'PAYMENT_PROVIDER=sandbox in production: test cards buy plans and no real card is ever charged',
          );
        }
        return new SandboxPaymentProvider(tokens);
      },
    },
    BillingRepository,
    SandboxTokensRepository,
    AccountBillingLock,
    BillingCustomersService,
    SandboxService,
    SandboxRateLimitGuard,
  ],
  exports: [PaymentProvider, AccountBillingLock, BillingCustomersService, TypeOrmModule],
})
export class BillingModule {}
