import { Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { OperatorModule } from './operator/operator.module.js';
import { OperatorAccountsModule } from './operator-accounts/operator-accounts.module.js';
import { BillingModule } from './billing/billing.module.js';
import { StripeWebhooksModule } from './stripe-webhooks/stripe-webhooks.module.js';
import { testOnlyModules } from './testing/testing.module.js';
import { CalendarModule } from './calendar/calendar.module.js';
import { CalculatorModule } from './calculator/calculator.module.js';
import { ClockModule } from './common/clock/clock.module.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { WorkersModule } from './common/workers/workers.module.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { MailModule } from './mail/mail.module.js';
import { MembersModule } from './members/members.module.js';
import { CompaniesModule } from './companies/companies.module.js';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module.js';
import { RecordsModule } from './records/records.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { CalculationSessionsModule } from './calculation-sessions/calculation-sessions.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { TaxRatesModule } from './tax-rates/tax-rates.module.js';
import { UsersModule } from './users/users.module.js';
import { VehiclesModule } from './vehicles/vehicles.module.js';

/** Feature modules are listed here; each owns its routes, entities and migrations' tables. */
@Module({
  imports: [
    ConfigModule,
    ClockModule,
    DatabaseModule,
    RateLimitModule,
    WorkersModule,
    AuditModule,
    AuthModule,
    MembersModule,
    CompaniesModule,
    OperatorModule,
    OperatorAccountsModule,
    UsersModule,
    HealthModule,
    TaxRatesModule,
    ReportsModule,
    RecordsModule,
    VehiclesModule,
    CalculationSessionsModule,
    CalculatorModule,
    CalendarModule,
    MailModule,
    BillingModule,
    PaymentMethodsModule,
    InvoicesModule,
    SubscriptionsModule,
    StripeWebhooksModule,
    ...testOnlyModules(),
  ],
})
export class AppModule {}
