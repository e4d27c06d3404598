import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/lazyDataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { store } from './providers/store';
import { FullPageSpinner } from './layout/PageSpinner';
import { StackedNotifications } from './notifications/StackedNotifications';
import { theme } from './theme/theme';
import reports from './reports';
import taxRates from './tax-rates';
import vehicles from './vehicles';
import auditEvents from './audit';
import clientCompanies from './companies';
import { operatorResources } from './operator';
import RedirectToDashboard from './pages/RedirectToDashboard';
import LoginPage from './pages/LoginPage';
import { suspended } from './components/suspended';

// Every page but the login screen is its own chunk, so the first screen does not carry the others;
// the login screen is where every signed-out visit starts, so it comes with the main bundle.
const RegisterPage = suspended(lazy(() => import('./pages/RegisterPage')));
const TermsPage = suspended(lazy(() => import('./pages/TermsPage')));
const PrivacyPage = suspended(lazy(() => import('./pages/PrivacyPage')));
const ForgotPasswordPage = suspended(lazy(() => import('./pages/ForgotPasswordPage')));
const ResetPasswordPage = suspended(lazy(() => import('./pages/ResetPasswordPage')));
const VerifyEmailPage = suspended(lazy(() => import('./pages/VerifyEmailPage')));
const AcceptInvitationPage = suspended(lazy(() => import('./pages/AcceptInvitationPage')));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const CalculatorPage = lazy(() => import('./pages/CalculatorPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const RecordsPage = lazy(() => import('./records/RecordsPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// The signed-in shell (top bar, subscription gate) is never shown on the login screen, where every visit
// starts: as its own chunk it keeps the login page's JavaScript under its 300 KB budget.
const LazyAppLayout = lazy(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));
const AppLayout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<FullPageSpinner />}>
    <LazyAppLayout>{children}</LazyAppLayout>
  </Suspense>
);

/**
 * `requireAuth` makes every route that sits in the layout private: react-admin shows the loading
 * spinner while checkAuth runs and sends a signed-out visitor to /login. Routes with `noLayout`
 * (login, register, terms, privacy) stay public.
 */
export const App = () => (
  <Admin
    title="IFTA Fuel Tax"
    requireAuth
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    queryClient={queryClient}
    store={store}
    theme={theme}
    layout={AppLayout}
    loginPage={LoginPage}
    loading={FullPageSpinner}
    notification={StackedNotifications}
    dashboard={RedirectToDashboard}
    catchAll={NotFoundPage}
    disableTelemetry
  >
    <CustomRoutes noLayout>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
    </CustomRoutes>
    <CustomRoutes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/calculator" element={<CalculatorPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/records" element={<RecordsPage />} />
    </CustomRoutes>
    <Resource name="reports" list={reports.list} icon={reports.icon}>
      <Route path=":id" element={<reports.show />} />
    </Resource>
    <Resource name="tax-rates" {...taxRates} />
    <Resource name="vehicles" {...vehicles} />
    <Resource name="audit-events" {...auditEvents} />
    <Resource name="client-companies" {...clientCompanies} />
    {/* Listed and edited on the records page (/records), through these resources' controllers. */}
    <Resource name="trips" />
    <Resource name="fuel-purchases" />
    {/* Listed and changed in Settings (saved cards, invoices). */}
    <Resource name="payment-methods" />
    <Resource name="invoices" />
    {operatorResources.map((resource) => (
      <Resource key={resource.name} {...resource} />
    ))}
  </Admin>
);
