import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export interface CompanyAccount {
  company: string;
  email: string;
  password: string;
}

/** An account the API created, with the session the app stores at sign-in. */
export interface SignedUpCompany extends CompanyAccount {
  token: string;
  user: { id: string; email: string; company_name: string };
}

/** A company no other test run has seen, so runs against a shared database never collide. */
export function newCompany(label: string): CompanyAccount {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    company: `${label} ${unique}`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique}@example.com`,
    password: 'diesel-2026',
  };
}

/** The sandbox's always-accepted test card (docs/architecture.md Card payments). */
export const TEST_CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 3,
  cvc: '123',
};

async function call<T>(request: APIRequestContext, method: string, path: string, token?: string, data?: unknown) {
  const response = await request.fetch(path, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs a company up through the API, and subscribes it to the Professional plan with the test card the way the
 * modal does (tokenise the card with the sandbox, then create the subscription) unless told not to. The pages
 * that do this by hand are tested once each: foundation.spec.ts signs up and in, subscriptions.spec.ts drives
 * the modal.
 */
export async function createCompany(
  request: APIRequestContext,
  account: CompanyAccount = newCompany('Carrier'),
  { subscribe = true } = {},
): Promise<SignedUpCompany> {
  const session = await call<Pick<SignedUpCompany, 'token' | 'user'>>(
    request,
    'POST',
    '/api/auth/register',
    undefined,
    {
      company_name: account.company,
      email: account.email,
      password: account.password,
    },
  );
  if (subscribe) await subscribeThroughApi(request, session.token);
  return { ...account, ...session };
}

async function subscribeThroughApi(request: APIRequestContext, token: string): Promise<void> {
  const { plans } = await call<{ plans: Array<{ id: string; name: string }> }>(
    request,
    'GET',
    '/api/subscriptions/plans',
  );
  const plan = plans.find((candidate) => candidate.name === 'Professional') ?? plans[0];
  const card = await call<{ id: string }>(request, 'POST', '/api/sandbox/payment_methods', token, TEST_CARD);
  await call(request, 'POST', '/api/protected/subscriptions', token, { plan_id: plan.id, payment_method: card.id });
}

/**
 * Signs the page in as `company` without loading the app: the token and user go where the app's authProvider
 * reads them (localStorage `token` and `user`, frontend/src/providers/authSession.ts), plus any other entries
 * given (e.g. react-admin's stored locale). The page is then on a tiny page of the app's origin, so the next
 * `goto` is the app's first load and starts signed in.
 */
export async function signInWithSession(
  page: Page,
  company: SignedUpCompany,
  storage: Record<string, string> = {},
): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    { ...storage, token: company.token, user: JSON.stringify(company.user) },
  );
}

/**
 * A subscribed company, signed in, on `path` (the dashboard unless told): what a spec that only needs a working
 * account starts from. It runs as a step of its own, so a failure here is reported as the set-up's.
 */
export async function registerCompany(
  page: Page,
  account: CompanyAccount = newCompany('Carrier'),
  path = '/dashboard',
): Promise<SignedUpCompany> {
  return test.step(`sign up ${account.company} through the API and open ${path}`, async () => {
    const company = await signUpAndSignIn(page, account);
    await page.goto(path);
    await expect(page.getByTestId('subscription-checking')).toBeHidden();
    return company;
  });
}

/**
 * A subscribed company, signed in but with the app not loaded yet: for specs that seed data through the API
 * (support/api.ts reads this page's token) before their first page load.
 */
export const signUpAndSignIn = async (page: Page, account: CompanyAccount = newCompany('Carrier')) => {
  const company = await createCompany(page.request, account);
  await signInWithSession(page, company);
  return company;
};

/**
 * A company that never subscribed, signed in, on `path` (the dashboard unless told): the subscription modal stands
 * in the way. Specs of the modal and of what an unsubscribed company sees start here.
 */
export async function registerWithoutSubscription(
  page: Page,
  account: CompanyAccount = newCompany('Carrier'),
  { path = '/dashboard', storage = {} }: { path?: string; storage?: Record<string, string> } = {},
): Promise<SignedUpCompany> {
  return test.step(`sign up ${account.company} through the API without a subscription`, async () => {
    const company = await createCompany(page.request, account, { subscribe: false });
    await signInWithSession(page, company, storage);
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    return company;
  });
}

/**
 * Subscribes the signed-in company (the token this page stored at sign-in) through the API, then reloads so the
 * app reads the new status and no subscription modal stands in the way. For the spec that signs up through the
 * Register page; the modal itself is tested by subscriptions.spec.ts.
 */
export async function subscribeCompany(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('subscribing needs a signed-in page');
  await subscribeThroughApi(page.request, token);
  await page.reload();
  await expect(page.getByTestId('subscription-checking')).toBeHidden();
}
