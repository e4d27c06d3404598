import { CreateAccounts1763800000000 } from './1763800000000-create-accounts.js';
import { CreateReports1764000000000 } from './1764000000000-create-reports.js';
import { CreateCalculationSessions1764000100000 } from './1764000100000-create-calculation-sessions.js';
import { CreateTaxRates1763900000000 } from './1763900000000-create-tax-rates.js';
import { CreateBilling1764200000000 } from './1764200000000-create-billing.js';
import { SeedPlans1764200100000 } from './1764200100000-seed-plans.js';
import { SandboxCardCustomer1764200200000 } from './1764200200000-sandbox-card-customer.js';
import { InvoiceNumberWidth1764200300000 } from './1764200300000-invoice-number-width.js';
import { DropPlanStripePrice1764200400000 } from './1764200400000-drop-plan-stripe-price.js';
import { IndexReportStats1764300000000 } from './1764300000000-index-report-stats.js';
import { ReportListAndTotals1764400000000 } from './1764400000000-report-list-and-totals.js';
import { TaxRateHistory1764400100000 } from './1764400100000-tax-rate-history.js';
import { FuelSchedules1764500000000 } from './1764500000000-fuel-schedules.js';
import { TripAndFuelRecords1764500100000 } from './1764500100000-trip-and-fuel-records.js';
import { TaxRateEffectiveDateDefault1764500200000 } from './1764500200000-tax-rate-effective-date-default.js';
import { ReportSummaries1764500300000 } from './1764500300000-report-summaries.js';
import { TaxRatePageIndex1764500400000 } from './1764500400000-tax-rate-page-index.js';
import { TaxRateCurrentFlag1764500500000 } from './1764500500000-tax-rate-current-flag.js';
import { ReportUsageMonths1764510000000 } from './1764510000000-report-usage-months.js';
import { ProvisionalRateSource1764520000000 } from './1764520000000-provisional-rate-source.js';
import { InterestRatePeriods1764520100000 } from './1764520100000-interest-rate-periods.js';
import { TaxRateAccountChanges1764520200000 } from './1764520200000-tax-rate-account-changes.js';
import { ReportSummaryRateSource1764530000000 } from './1764530000000-report-summary-rate-source.js';
import { OutboxMessages1764700000000 } from './1764700000000-outbox-messages.js';
import { ReturnAmendments1764710000000 } from './1764710000000-return-amendments.js';
import { CountedReportTotals1764710000100 } from './1764710000100-counted-report-totals.js';
import { ReportSummaryAmendments1764710000200 } from './1764710000200-report-summary-amendments.js';
import { CarrierSettings1764710000300 } from './1764710000300-carrier-settings.js';
import { OfficialRateMatrices1764720000000 } from './1764720000000-official-rate-matrices.js';
import { PlatformOperators1764720000100 } from './1764720000100-platform-operators.js';
import { ReportRateNotices1764720000200 } from './1764720000200-report-rate-notices.js';
import { ReportLineRatePeriod1764720000300 } from './1764720000300-report-line-rate-period.js';
import { GivenUpMailIndex1764720000400 } from './1764720000400-given-up-mail-index.js';
import { Vehicles1764730000000 } from './1764730000000-vehicles.js';
import { RevocableSessionsAndUsage1764411000000 } from './1764411000000-revocable-sessions-and-usage.js';
import { FilingCalendar1764400200000 } from './1764400200000-filing-calendar.js';
import { ReportLineCode1764400300000 } from './1764400300000-report-line-code.js';
import { OfficialMode1764400400000 } from './1764400400000-official-mode.js';
import { ReportPeriodOrder1764790000000 } from './1764790000000-report-period-order.js';
import { DistanceUnitSetting1764800000000 } from './1764800000000-distance-unit-setting.js';
import { AuditEvents1764810000000 } from './1764810000000-audit-events.js';
import { TripSheets1764815000000 } from './1764815000000-trip-sheets.js';
import { ReceiptAttachments1764830000000 } from './1764830000000-receipt-attachments.js';
import { ClientCompanies1765200000000 } from './1765200000000-client-companies.js';
import { EmailProofs1765400000000 } from './1765400000000-email-proofs.js';
import { MatrixReview1765300000000 } from './1765300000000-matrix-review.js';
import { InterestRateBounds1765500000000 } from './1765500000000-interest-rate-bounds.js';
import { AmendmentBilling1765610000000 } from './1765610000000-amendment-billing.js';
import { SignInOfSwitchedSessions1765620000000 } from './1765620000000-sign-in-of-switched-sessions.js';
import { ReturnPayments1765630000000 } from './1765630000000-return-payments.js';
import { OutboxClaims1765640000000 } from './1765640000000-outbox-claims.js';
import { PasswordResetRequests1765640000100 } from './1765640000100-password-reset-requests.js';
import { CompanyMailAddress1765200000100 } from './1765200000100-company-mail-address.js';
import { ReportVoids1765650000000 } from './1765650000000-report-voids.js';
import { AuditSystemActor1765660000100 } from './1765660000100-audit-system-actor.js';
import { TaxRateCurrentFlagHashDiff1764740000000 } from './1764740000000-tax-rate-current-flag-hash-diff.js';
import { RecordsHealth1764760000000 } from './1764760000000-records-health.js';
import { CompanyMembers1764770000000 } from './1764770000000-company-members.js';

/** Every migration, oldest first. Listed by hand so the same list works in the build and under Jest. */
export const migrations = [
  CreateAccounts1763800000000,
  CreateTaxRates1763900000000,
  CreateReports1764000000000,
  CreateCalculationSessions1764000100000,
  CreateBilling1764200000000,
  SeedPlans1764200100000,
  SandboxCardCustomer1764200200000,
  InvoiceNumberWidth1764200300000,
  DropPlanStripePrice1764200400000,
  IndexReportStats1764300000000,
  ReportListAndTotals1764400000000,
  TaxRateHistory1764400100000,
  FilingCalendar1764400200000,
  ReportLineCode1764400300000,
  OfficialMode1764400400000,
  RevocableSessionsAndUsage1764411000000,
  FuelSchedules1764500000000,
  TripAndFuelRecords1764500100000,
  TaxRateEffectiveDateDefault1764500200000,
  ReportSummaries1764500300000,
  TaxRatePageIndex1764500400000,
  TaxRateCurrentFlag1764500500000,
  ReportUsageMonths1764510000000,
  ProvisionalRateSource1764520000000,
  InterestRatePeriods1764520100000,
  TaxRateAccountChanges1764520200000,
  ReportSummaryRateSource1764530000000,
  OutboxMessages1764700000000,
  ReturnAmendments1764710000000,
  CountedReportTotals1764710000100,
  ReportSummaryAmendments1764710000200,
  CarrierSettings1764710000300,
  OfficialRateMatrices1764720000000,
  PlatformOperators1764720000100,
  ReportRateNotices1764720000200,
  ReportLineRatePeriod1764720000300,
  GivenUpMailIndex1764720000400,
  Vehicles1764730000000,
  TaxRateCurrentFlagHashDiff1764740000000,
  RecordsHealth1764760000000,
  CompanyMembers1764770000000,
  ReportPeriodOrder1764790000000,
  DistanceUnitSetting1764800000000,
  AuditEvents1764810000000,
  TripSheets1764815000000,
  ReceiptAttachments1764830000000,
  ClientCompanies1765200000000,
  CompanyMailAddress1765200000100,
  MatrixReview1765300000000,
  EmailProofs1765400000000,
  InterestRateBounds1765500000000,
  AmendmentBilling1765610000000,
  SignInOfSwitchedSessions1765620000000,
  ReturnPayments1765630000000,
  OutboxClaims1765640000000,
  PasswordResetRequests1765640000100,
  ReportVoids1765650000000,
  AuditSystemActor1765660000100,
];
