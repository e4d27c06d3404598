/**
 * The API's shapes under friendly names, every one taken from the types generated from the committed openapi.json
 * (`schema.d.ts`, `npm run api-types`): when the API changes, `npm run openapi` regenerates both and the compiler
 * shows every screen that must follow. Screens and providers import API shapes from here, never type them again.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

/**
 * A few nullable fields are declared as `string | null` or `number | null` in the backend's DTOs without a `type` in
 * their `@ApiProperty`, so openapi.json says `object`; the values are the ones the DTO declares. Each use says which.
 */
type Retype<T, Fields extends Partial<Record<keyof T, unknown>>> = Omit<T, keyof Fields> & Fields;

// Auth and account
export type User = Schemas['UserResponseDto'];
export type AuthSession = Schemas['AuthResponseDto'];
export type LoginCredentials = Schemas['LoginDto'];
export type RegisterParams = Schemas['RegisterDto'];
export type UserSettings = Schemas['SettingsDto'];
export type Usage = Schemas['UsageDto'];

// Companies and members
export type MemberRole = User['role'];
export type Member = Schemas['MemberDto'];
export type Invitation = Schemas['InvitationDto'];
export type MemberList = Schemas['MembersDto'];
export type AcceptInvitationParams = Schemas['AcceptInvitationDto'];

// Tax rates
export type TaxRate = Schemas['TaxRateResponseDto'];
export type TaxRatePage = Schemas['TaxRatePageDto'];
export type TaxRatePayload = Schemas['CreateTaxRateDto'];
export type TaxRateCountry = TaxRate['country'];
export type RateInForce = Schemas['RateInForceDto'];
export type RatesInForce = Schemas['RatesInForceDto'];
export type RateNotice = Schemas['RateNoticeDto'];
export type PlanChangePreview = Schemas['PlanChangePreviewDto'];
export type GivenUpMailPage = Schemas['GivenUpMailPageDto'];
export type GivenUpMail = Schemas['GivenUpMailDto'];
export type RateMatrixImport = Schemas['RateMatrixImportDto'];
export type BulkUpdateResult = Schemas['BulkUpdateResultDto'];

// Trips and fuel purchases: stored records, a file's import, the checks and the return they build. A previewed row
// holds the import's decimal text; a stored record, numbers.
export type Pagination = Schemas['PaginationDto'];
export type TripRecord = Schemas['TripRecordDto'];
export type FuelPurchaseRecord = Schemas['FuelPurchaseRecordDto'];
export type TripPage = Schemas['TripPageDto'];
export type FuelPurchasePage = Schemas['FuelPurchasePageDto'];
export type TripImportPreview = Schemas['TripImportPreviewDto'];
export type FuelPurchaseImportPreview = Schemas['FuelPurchaseImportPreviewDto'];
export type ImportPreview = TripImportPreview | FuelPurchaseImportPreview;
export type ImportResult = Schemas['ImportResultDto'];
export type RecordDeleted = Schemas['RecordDeletedDto'];
export type ReturnPreview = Schemas['ReturnPreviewDto'];
export type RecordChecks = Schemas['RecordChecksDto'];
// Audit-ready records: a quarter's miles, gallons and MPG per vehicle and jurisdiction, and its trip sheets.
export type ByVehicleReport = Schemas['ByVehicleReportDto'];
export type TripSheetPage = Schemas['TripSheetPageDto'];

// Records health: an auditor's checks of a quarter's records
export type RecordsHealth = Schemas['RecordsHealthDto'];
export type HealthFinding = Schemas['HealthFindingDto'];
export type HealthCheck = HealthFinding['check'];
export type RecordsHealthSettings = Schemas['RecordsHealthSettingsDto'];
export type FindingAcknowledgement = Schemas['AcknowledgementDto'];

// Vehicles
export type Vehicle = Schemas['VehicleDto'];
export type VehiclePage = Schemas['VehiclePageDto'];
export type VehiclePayload = Schemas['CreateVehicleDto'];

// Reports (fleet_mpg: `number | null` in ReportResponseDto and ReportSummaryDto)
export type ReportJurisdiction = Schemas['ReportJurisdictionResponseDto'];
export type RateSource = NonNullable<ReportJurisdiction['rate_source']>;
export type FuelSchedule = Schemas['FuelScheduleDto'];
export type Report = Retype<Schemas['ReportResponseDto'], { fleet_mpg: number | null }>;
export type ReportStatus = Report['status'];
/** What a filed return owes and what was paid on it; null on a draft. */
export type Settlement = NonNullable<Report['settlement']>;
export type ReturnPayment = Schemas['ReturnPaymentDto'];
export type ReturnPaymentPayload = Schemas['CreateReturnPaymentDto'];
/** GET /reports/{id}: the report with who prepared and who finalised it (audit trail). */
export type ReportSignature = Schemas['ReportSignatureDto'];

// The audit trail
export type AuditEvent = Schemas['AuditEventDto'];
export type AuditEventsPage = Schemas['AuditEventsPageDto'];
export type ReportSummary = Retype<Schemas['ReportSummaryDto'], { fleet_mpg: number | null }>;
export type ReportCounts = Schemas['ReportCountsDto'];
export type ReportPage = Retype<Schemas['ReportPageDto'], { data: ReportSummary[] }>;
export type ReturnBuild = Retype<Schemas['ReturnBuildDto'], { report: Report }>;
/** A report line as POST and PUT take it: the derived numbers (gallons consumed, net gallons, tax due) are ignored. */
type ReportJurisdictionInput = Omit<
  Schemas['ReportJurisdictionInputDto'],
  'gallons_consumed' | 'net_gallons' | 'tax_due'
>;
export type ReportPayload = Retype<Schemas['CreateReportDto'], { jurisdictions: ReportJurisdictionInput[] }>;
export type ReportStats = Schemas['ReportStatsResponseDto'];
export type LatestActivity = Schemas['LatestActivityDto'];
export type StateNetGallons = Schemas['StateNetGallonsDto'];

// Filing calendar
export type FilingCalendar = Schemas['FilingCalendarResponseDto'];
type QuarterFiling = Schemas['QuarterFilingDto'];
export type FilingState = QuarterFiling['state'];
/** The filing fields every report carries. */
export type ReportFiling = Pick<Report, 'due_date' | 'filed_at' | 'penalty' | 'interest' | 'interest_rate_missing'>;

// Calculator and calculation sessions
export type ImportedEntry = Schemas['ImportedEntry'];
export type ImportResponse = Schemas['ImportResponseDto'];
export type CalculationSession = Schemas['SessionResponseDto'];
/** A session line as POST and PUT take it: the derived numbers (fuel consumed, net gallons, tax due) are ignored. */
export type SessionEntryInput = Omit<Schemas['SessionEntryInputDto'], 'fuel_consumed' | 'net_gallons' | 'tax_due'>;
export type SessionInput = Retype<Schemas['UpdateSessionDto'], { entries?: SessionEntryInput[] }>;
export type SessionList = Schemas['SessionListResponseDto'];

// Subscriptions, cards and invoices (paid_at, email_sent_at: `string | null` in InvoiceResponseDto)
export type Subscription = Schemas['SubscriptionDto'];
export type Plan = Schemas['PlanResponseDto'];
export type PlanList = Schemas['PlanListDto'];
export type SubscriptionStatus = Schemas['SubscriptionStatusDto'];
export type CurrentSubscription = Schemas['CurrentSubscriptionDto'];
export type FeatureAccess = Schemas['FeatureAccessDto'];
export type ProviderConfig = Schemas['ProviderConfigDto'];
/** Which card adapter is live (docs/architecture.md Card payments) and the key its browser part needs; none for the sandbox. */
export type PaymentConfig = Pick<ProviderConfig, 'provider'> & { publishable_key: string | null };
export type PaymentMethod = Schemas['PaymentMethodResponseDto'];
export type PaymentMethodList = Schemas['PaymentMethodListDto'];
export type Invoice = Retype<Schemas['InvoiceResponseDto'], { paid_at: string | null; email_sent_at: string | null }>;
export type InvoicePage = Retype<Schemas['InvoicePageDto'], { invoices: Invoice[] }>;
export type SandboxCardInput = Schemas['TokenizeCardDto'];
export type TokenizedCard = Schemas['SandboxPaymentMethodDto'];
export type CreateSubscription = Schemas['CreateSubscriptionDto'];
export type ReactivateWithPayment = Schemas['ReactivateWithPaymentDto'];

// Operator console: official matrices, the updater's runs, interest periods
export type OperatorAccess = Schemas['OperatorMeDto'];
export type OfficialMatrix = Schemas['OfficialMatrixDto'];
export type OfficialMatrixDetail = Schemas['OfficialMatrixDetailDto'];
export type OfficialMatrixPage = Schemas['OfficialMatrixPageDto'];
export type OfficialRate = Schemas['OfficialRateDto'];
export type MatrixPreview = Schemas['MatrixPreviewDto'];
export type MatrixDiffLine = Schemas['MatrixDiffLineDto'];
export type MatrixDiffSummary = Schemas['MatrixDiffSummaryDto'];
export type PublishOutcome = Schemas['PublishOutcomeDto'];
export type MatrixRun = Schemas['MatrixRunDto'];
export type MatrixRunOutcome = MatrixRun['outcome'];
export type MatrixRunPage = Schemas['MatrixRunPageDto'];
export type MatrixCheck = Schemas['MatrixCheckDto'];
export type InterestRatePeriod = Schemas['InterestRatePeriodDto'];
export type InterestRates = Schemas['InterestRatesDto'];
export type InterestRatePeriodPayload = Schemas['SaveInterestRatePeriodDto'];
export type OperatorAccount = Schemas['OperatorAccountDto'];
export type OperatorAccountPage = Schemas['OperatorAccountPageDto'];

/** The companies a person belongs to, and a preparer's client companies. */
export type Company = Schemas['CompanyDto'];
export type ClientCompany = Schemas['ClientCompanyListItemDto'];
export type NewClientCompany = Schemas['CreateClientCompanyDto'];
export type ClientBilling = NewClientCompany['billing'];
