import { BillingCustomer, BillingEvent } from './billing/entities.js';
import { SandboxPaymentMethod } from './billing/sandbox/entities/sandbox-payment-method.entity.js';
import { InterestRate } from './interest-rates/entities/interest-rate.entity.js';
import { Invoice } from './invoices/entities/invoice.entity.js';
import { PaymentMethod } from './payment-methods/entities/payment-method.entity.js';
import { ReportJurisdiction } from './reports/entities/report-jurisdiction.entity.js';
import { Report } from './reports/entities/report.entity.js';
import { CalculationSession } from './calculation-sessions/entities/calculation-session.entity.js';
import { Payment } from './subscriptions/entities/payment.entity.js';
import { Plan } from './subscriptions/entities/plan.entity.js';
import { Subscription } from './subscriptions/entities/subscription.entity.js';
import { TaxRate } from './tax-rates/entities/tax-rate.entity.js';
import { OfficialRateMatrix } from './tax-rates/official/entities/official-rate-matrix.entity.js';
import { OfficialRate } from './tax-rates/official/entities/official-rate.entity.js';
import { RateMatrixRun } from './tax-rates/official/entities/rate-matrix-run.entity.js';
import { UserSettings } from './users/entities/user-settings.entity.js';
import { User } from './users/entities/user.entity.js';
import { Vehicle } from './vehicles/entities/vehicle.entity.js';

/**
 * Every entity of the app, for the TypeORM CLI's data source (the app itself collects them from its modules'
 * `forFeature`). The schema-drift test fails when this list and the app's entities differ. It sits beside
 * app.module.ts, the other file that names every feature: `database` is ground the features stand on and imports none.
 */
export const entities = [
  BillingCustomer,
  BillingEvent,
  CalculationSession,
  InterestRate,
  Invoice,
  OfficialRate,
  OfficialRateMatrix,
  Payment,
  PaymentMethod,
  Plan,
  RateMatrixRun,
  Report,
  ReportJurisdiction,
  SandboxPaymentMethod,
  Subscription,
  TaxRate,
  User,
  UserSettings,
  Vehicle,
];
