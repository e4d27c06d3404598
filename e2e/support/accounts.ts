import { expect, test, type Page } from '@playwright/test';

export interface CompanyAccount {
  company: string;
  email: string;
  password: string;
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

/**
 * Signs a company up through the Register page and stops on /dashboard: the company has no subscription, so the
 * subscription modal stands in the way. Specs of the modal and of what an unsubscribed company sees start here.
 */
export async function registerWithoutSubscription(
  page: Page,
  account: CompanyAccount = newCompany('Carrier'),
): Promise<CompanyAccount> {
  await page.goto('/register');
  await page.locator('input[name=company_name]').fill(account.company);
  await page.locator('input[name=email]').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/**
 * Registers a company through the Register page and lands on /dashboard, ready to use every feature.
 * Specs that only need a working account call this rather than driving the form themselves, so that
 * what a new account must do before it can work (e.g. subscribe) is taught in one place. It runs as a
 * step of its own, so a failure here is reported as the set-up's, not as the test's.
 */
export async function registerCompany(
  page: Page,
  account: CompanyAccount = newCompany('Carrier'),
): Promise<CompanyAccount> {
  return test.step(`register and subscribe ${account.company}`, async () => {
    await registerWithoutSubscription(page, account);
    await subscribeCompany(page);
    return account;
  });
}

/** The sandbox's always-accepted test card (docs/architecture.md Card payments). */
export const TEST_CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 3,
  cvc: '123',
};

/**
 * Subscribes the signed-in company to the Professional plan the way the modal does (tokenise the
 * test card with the sandbox, then create the subscription), but through the API from the page, which
 * is quicker and independent of the modal's looks. The page is then reloaded so the app reads the new
 * status and no subscription modal stands in the way. The modal itself is tested by subscriptions.spec.ts.
 */
export async function subscribeCompany(page: Page): Promise<void> {
  const failure = await page.evaluate(async (card) => {
    const token = localStorage.getItem('token');
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    try {
      const { plans } = (await call('/api/subscriptions/plans')) as { plans: Array<{ id: string; name: string }> };
      const plan = plans.find((candidate) => candidate.name === 'Professional') ?? plans[0];
      const paymentMethod = (await call('/api/sandbox/payment_methods', card)) as { id: string };
      await call('/api/protected/subscriptions', { plan_id: plan.id, payment_method: paymentMethod.id });
      return null;
    } catch (error) {
      return String(error);
    }
  }, TEST_CARD);
  if (failure) throw new Error(`subscribing the new company failed: ${failure}`);
  await page.reload();
  await expect(page.getByTestId('subscription-checking')).toBeHidden();
}
