import type { IftaDataProvider } from './dataProvider';

/**
 * Every method of the app's dataProvider, by name. The login page, where every visit starts, never calls one; so the
 * providers behind them (and the typed API client they share) load as a chunk of their own on the first call
 * instead of with the login page's JavaScript (its 300 KB budget, docs/PERFORMANCE.md). A unit test compares this
 * list with the real provider's: a method added there and not here fails it.
 */
export const DATA_PROVIDER_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'getMe',
  'register',
  'getReportStats',
  'getReportsPage',
  'exportReport',
  'downloadReportPdf',
  'voidReport',
  'exportAuditEvents',
  'getCalculatorTaxRates',
  'downloadCalculatorTemplate',
  'uploadCalculatorExcel',
  'pasteCalculatorData',
  'getRatesInForce',
  'previewRateMatrix',
  'applyRateMatrix',
  'getFilingCalendar',
  'updateReportFiling',
  'findCalculationSession',
  'getCalculationSession',
  'createCalculationSession',
  'updateCalculationSession',
  'getPlans',
  'getPaymentConfig',
  'tokenizeSandboxCard',
  'getSubscriptionStatus',
  'getCurrentSubscription',
  'getFeatureAccess',
  'createSubscription',
  'getPlanChangePreview',
  'changePlan',
  'cancelSubscription',
  'reactivateSubscription',
  'reactivateWithPayment',
  'syncSubscription',
  'resendInvoice',
  'getSettings',
  'updateSettings',
  'resetSettings',
  'getUsage',
  'isOperator',
  'previewOfficialMatrix',
  'checkMatrixUpdates',
  'retryGivenUpMail',
  'publishHeldMatrix',
  'restoreMatrix',
  'amendFromRateNotice',
  'changePassword',
  'requestPasswordReset',
  'resetPassword',
  'proveEmail',
  'resendEmailProof',
  'acceptInvitation',
  'switchCompany',
] as const satisfies ReadonlyArray<keyof IftaDataProvider>;

let loading: Promise<IftaDataProvider> | undefined;
const load = () => (loading ??= import('./dataProvider').then((module) => module.dataProvider));

type Method = (...args: unknown[]) => Promise<unknown>;

/** The dataProvider react-admin is given: each method loads the real one once, then calls it. */
export const dataProvider = Object.fromEntries(
  DATA_PROVIDER_METHODS.map((name) => [name, async (...args: unknown[]) => ((await load())[name] as Method)(...args)]),
) as unknown as IftaDataProvider;
