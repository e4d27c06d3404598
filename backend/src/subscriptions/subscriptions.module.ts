import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionAccess } from '../common/subscription-access.js';
import { ClientLinksModule } from '../client-links/client-links.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PaymentMethodsModule } from '../payment-methods/payment-methods.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReportFactsModule } from '../reports/report-facts.module.js';
import { Payment } from './entities/payment.entity.js';
import { Plan } from './entities/plan.entity.js';
import { Subscription } from './entities/subscription.entity.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';
import { RenewalJob } from './renewal.job.js';
import { SubscriptionAccessService } from './subscription-access.service.js';
import { SubscriptionBillingService } from './subscription-billing.service.js';
import { SubscriptionRenewalsService } from './subscription-renewals.service.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Global so that any module's @RequiresSubscription guard can reach SubscriptionAccess. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([Plan, Subscription, Payment]),
    PaymentMethodsModule,
    InvoicesModule,
    ReportFactsModule,
    UsersModule,
    ClientLinksModule,
  ],
  controllers: [PlansController, SubscriptionsController],
  providers: [
    PlansService,
    SubscriptionsRepository,
    SubscriptionsService,
    SubscriptionBillingService,
    SubscriptionRenewalsService,
    RenewalJob,
    { provide: SubscriptionAccess, useClass: SubscriptionAccessService },
  ],
  exports: [SubscriptionAccess, SubscriptionRenewalsService, RenewalJob],
})
export class SubscriptionsModule {}
