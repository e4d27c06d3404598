import type { DataProvider } from 'react-admin';
import type { AuthSession, RegisterParams, User } from '../api/types';
import { routeResources } from './resourceRouter';
import { body, client } from '../api/client';
import { taxRatesResource } from './taxRatesProvider';
import { vehiclesResource } from './vehiclesProvider';
import { auditEventsMethods, auditEventsResource, type AuditEventsMethods } from './auditEventsProvider';
import { fuelPurchasesResource, tripsResource } from './recordsResources';
import { recordReportResources } from './recordsProvider';
import { invoicesResource, paymentMethodsResource } from './billingResources';
import { REPORT_PAYMENTS, reportPaymentsResource } from './returnPaymentsResource';
import { dashboardMethods, type DashboardDataProvider } from './dashboardProvider';
import { reportsMethods, reportsResource, type ReportsMethods } from './reportsProvider';
import { calculatorMethods, type CalculatorMethods } from './calculatorProvider';
import { rateHistoryMethods } from './rateHistoryProvider';
import { calendarMethods, type CalendarMethods } from './calendarProvider';
import { sessionsMethods, type SessionsMethods } from './calculationSessionsProvider';
import { subscriptionProvider, type SubscriptionDataProvider } from './subscriptionProvider';
import { settingsMethods, type SettingsMethods } from './settingsProvider';
import { operatorMethods, operatorResources, type OperatorMethods } from './operatorProvider';
import { RATE_NOTICES, rateNoticesMethods, rateNoticesResource, type RateNoticesMethods } from './rateNoticesProvider';
import { passwordsMethods, type PasswordsMethods } from './passwordsProvider';
import {
  invitationsResource,
  MEMBER_RESOURCES,
  membersMethods,
  membersResource,
  type MembersMethods,
} from './membersProvider';
import {
  clientCompaniesResource,
  COMPANIES,
  companiesMethods,
  companiesResource,
  type CompaniesMethods,
} from './companiesProvider';

/** Named calls beyond CRUD, so components never build URLs (docs/style.md). */
export interface IftaDataProvider
  extends
    DataProvider,
    DashboardDataProvider,
    ReportsMethods,
    AuditEventsMethods,
    CalculatorMethods,
    CalendarMethods,
    SessionsMethods,
    SubscriptionDataProvider,
    SettingsMethods,
    OperatorMethods,
    RateNoticesMethods,
    PasswordsMethods,
    MembersMethods,
    CompaniesMethods {
  getMe: () => Promise<User>;
  register: (params: RegisterParams) => Promise<AuthSession>;
}

export const dataProvider: IftaDataProvider = {
  ...routeResources({
    'tax-rates': taxRatesResource,
    reports: reportsResource,
    [REPORT_PAYMENTS]: reportPaymentsResource,
    vehicles: vehiclesResource,
    'audit-events': auditEventsResource,
    trips: tripsResource,
    'client-companies': clientCompaniesResource,
    'fuel-purchases': fuelPurchasesResource,
    'payment-methods': paymentMethodsResource,
    invoices: invoicesResource,
    [MEMBER_RESOURCES.members]: membersResource,
    [MEMBER_RESOURCES.invitations]: invitationsResource,
    [RATE_NOTICES]: rateNoticesResource,
    [COMPANIES]: companiesResource,
    ...recordReportResources,
    ...operatorResources,
  }),
  getMe: () => body(client.GET('/api/protected/user/me')),
  register: (params) => body(client.POST('/api/auth/register', { body: params })),
  ...dashboardMethods,
  ...reportsMethods,
  ...auditEventsMethods,
  ...calculatorMethods,
  ...rateHistoryMethods,
  ...calendarMethods,
  ...sessionsMethods,
  ...subscriptionProvider,
  ...settingsMethods,
  ...operatorMethods,
  ...rateNoticesMethods,
  ...passwordsMethods,
  ...membersMethods,
  ...companiesMethods,
};
