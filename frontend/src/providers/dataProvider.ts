import type { DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient, type HttpOptions } from './httpClient';
import type { AuthSession, RegisterParams, User } from '../api/types';
import { routeResources } from './resourceRouter';
import { taxRatesResource } from './taxRatesProvider';
import { vehiclesResource } from './vehiclesProvider';
import { auditEventsResource } from './auditEventsProvider';
import { fuelPurchasesResource, tripsResource } from './recordsResources';
import { invoicesResource, paymentMethodsResource } from './billingResources';
import { dashboardMethods, type DashboardDataProvider } from './dashboardProvider';
import { reportsMethods, reportsResource, type ReportsMethods } from './reportsProvider';
import { calculatorMethods, type CalculatorMethods } from './calculatorProvider';
import { rateHistoryMethods } from './rateHistoryProvider';
import { calendarMethods, type CalendarMethods } from './calendarProvider';
import { sessionsMethods, type SessionsMethods } from './calculationSessionsProvider';
import { subscriptionProvider, type SubscriptionDataProvider } from './subscriptionProvider';
import { settingsMethods, type SettingsMethods } from './settingsProvider';
import { operatorMethods, operatorResources, type OperatorMethods } from './operatorProvider';
import { rateNoticesMethods, type RateNoticesMethods } from './rateNoticesProvider';
import { passwordsMethods, type PasswordsMethods } from './passwordsProvider';
import { membersMethods, type MembersMethods } from './membersProvider';

import { clientCompaniesResource, companiesMethods, type CompaniesMethods } from './companiesProvider';
const PROTECTED = '/api/protected';

/** Named calls beyond CRUD, so components never build URLs (docs/style.md). */
export interface IftaDataProvider
  extends
    DataProvider,
    DashboardDataProvider,
    ReportsMethods,
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

/** ra-data-simple-rest hands over fetchUtils-style options whose body is already a JSON string. */
const restHttpClient = (url: string, options: { method?: string; body?: unknown; headers?: unknown } = {}) => {
  const request: HttpOptions = { method: options.method, body: options.body };
  return httpClient(url, request);
};

// Resources (reports, tax-rates) are mapped onto the spec's envelopes by the issues that add them;
// until then react-admin's CRUD calls follow simple-rest conventions under /api/protected.
const crud = simpleRestProvider(PROTECTED, restHttpClient);

export const dataProvider: IftaDataProvider = {
  ...crud,
  ...routeResources(crud, {
    'tax-rates': taxRatesResource,
    reports: reportsResource,
    vehicles: vehiclesResource,
    'audit-events': auditEventsResource,
    trips: tripsResource,
    'client-companies': clientCompaniesResource,
    'fuel-purchases': fuelPurchasesResource,
    'payment-methods': paymentMethodsResource,
    invoices: invoicesResource,
    ...operatorResources,
  }),
  getMe: async () => (await httpClient<User>(`${PROTECTED}/user/me`)).json,
  register: async (params) =>
    (await httpClient<AuthSession>('/api/auth/register', { method: 'POST', body: params })).json,
  ...dashboardMethods,
  ...reportsMethods,
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
