import { test, expect, type Page } from '@playwright/test';
import { newCompany, registerCompany, registerWithoutSubscription, signUpAndSignIn } from './support/accounts';
import { api, seedReport } from './support/api';
import { toast } from './support/toast';

// Each screen shows what the server holds and says what happened once, in the spec's words.

const modal = (page: Page) => page.getByTestId('subscription-modal');
const GUARD_MESSAGE = 'An active subscription is required to use this feature';
const refusal = (status: number, error: string, code?: string) => ({
  status,
  json: { statusCode: status, error, ...(code ? { code } : {}) },
});
const SUBSCRIPTION_REQUIRED = refusal(403, 'Active subscription required to use this feature', 'SUBSCRIPTION_REQUIRED');

/** A company that never subscribes, signed in on `path`. */
const registerOnly = (page: Page, path?: string) =>
  registerWithoutSubscription(page, newCompany('Unsubscribed'), { path });

test('a draft finalised in the calculator shows as Final on its detail page at once', async ({ page }) => {
  const account = await signUpAndSignIn(page);
  const draft = await seedReport(page, {
    name: `IFTA Q2-2025 - ${account.company}`,
    company_name: account.company,
  });
  await page.goto(`/reports/${draft.id}`);
  await expect(page.getByTestId('status-badge')).toHaveText('Draft');

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByTestId('editing-banner')).toBeVisible();
  await page.getByRole('button', { name: 'Save Final Report' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Final Report' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const row = page.getByTestId('report-row').filter({ hasText: account.company });
  await expect(row.getByTestId('status-badge')).toHaveText('Final');

  await row.getByRole('link', { name: /^View / }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${draft.id}$`));
  await expect(page.getByTestId('status-badge')).toHaveText('Final');
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
});

test('editing a draft keeps a name the calculator did not make', async ({ page }) => {
  await signUpAndSignIn(page);
  const draft = await seedReport(page, { name: 'Probe Q2', company_name: 'Probe Co' });
  await page.goto(`/calculator?edit=${draft.id}`);
  await expect(page.getByTestId('editing-banner')).toContainText('Probe Q2');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByTestId('report-row').filter({ hasText: 'Probe Q2' })).toHaveCount(1);
  const saved = await api<{ name: string }>(page, 'GET', `/api/protected/reports/${draft.id}`);
  expect(saved.name).toBe('Probe Q2');
});

test('a company that never subscribed meets the guard message with the modal', async ({ page }) => {
  await registerOnly(page, '/tax-rates');
  await expect(toast(page, GUARD_MESSAGE)).toBeVisible();
  await expect(modal(page)).toBeVisible();
});

test('plan cards promise a free trial only to a company that never subscribed', async ({ page }) => {
  await registerOnly(page);
  await expect(modal(page).getByText('14-day free trial').first()).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  await signUpAndSignIn(page);
  // Cancelled during the trial, then the trial runs out: coming back is charged at once.
  await api(page, 'DELETE', '/api/protected/subscriptions');
  await page.request.post('/api/test/clock/advance', { data: { days: 15 } });
  await api(page, 'POST', '/api/protected/subscriptions/sync');
  await page.goto('/dashboard');
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: 'Back' }).click();
  await expect(modal(page).getByTestId('plan-card')).toHaveCount(3);
  await expect(modal(page).getByText(/free trial/)).toHaveCount(0);
});

test('a settings save refused for want of a subscription shows one toast', async ({ page }) => {
  await page.clock.install();
  await registerCompany(page, undefined, '/settings');
  await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
  await page.route('**/api/protected/user/settings', (route) =>
    route.request().method() === 'PUT' ? route.fulfill(SUBSCRIPTION_REQUIRED) : route.continue(),
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, GUARD_MESSAGE)).toBeVisible();
  await expect(modal(page)).toBeVisible();
  // A second toast would come from a handler run later (the status refetch, the modal's delay): the page's clock runs
  // a second past the refusal, firing every timer that could show one.
  await page.clock.runFor(1000);
  await expect(page.getByTestId('toast')).toHaveCount(1);
});

test.describe("docs/product-spec.md §8's fixed messages keep their words, with the server's reason beside them", () => {
  test('Error exporting report and Error deleting report', async ({ page }) => {
    await signUpAndSignIn(page);
    await seedReport(page, { name: 'Busy Report' });
    await page.goto('/dashboard');
    const row = page.getByTestId('report-row').filter({ hasText: 'Busy Report' });
    await page.route('**/api/protected/reports/*/export', (route) => route.fulfill(refusal(404, 'Report not found')));
    await row.getByRole('button', { name: 'Export Busy Report to Excel' }).click();
    await expect(toast(page, 'Error exporting report: Report not found')).toBeVisible();

    await page.route('**/api/protected/reports/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill(refusal(409, 'Report is busy')) : route.continue(),
    );
    await row.getByRole('button', { name: 'Delete Busy Report' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Error deleting report: Report is busy')).toBeVisible();
  });

  test('Failed to cancel subscription and Error setting default card', async ({ page }) => {
    await registerCompany(page, undefined, '/settings');
    await page.route('**/api/protected/subscriptions', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill(refusal(502, 'Card provider unreachable'))
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(toast(page, 'Failed to cancel subscription: Card provider unreachable')).toBeVisible();

    await page.route('**/api/protected/payment-methods/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill(refusal(502, 'Card provider unreachable')) : route.continue(),
    );
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const tokenised = await page.request.post('/api/sandbox/payment_methods', {
      data: { number: '5555555555554444', exp_month: 7, exp_year: new Date().getFullYear() + 4, cvc: '321' },
    });
    await page.request.post('/api/protected/payment-methods', {
      headers: { Authorization: `Bearer ${token}` },
      data: { payment_method_id: ((await tokenised.json()) as { id: string }).id },
    });
    await page.reload();
    await page
      .getByTestId('saved-card')
      .filter({ hasText: '4444' })
      .getByRole('button', { name: 'Set as default' })
      .click();
    await expect(toast(page, 'Error setting default card: Card provider unreachable')).toBeVisible();
  });
});

test("the report list's filters, sort and page survive a reload and a shared link", async ({ page }) => {
  await signUpAndSignIn(page);
  // 27 drafts and 2 final reports: two pages of drafts at 25 a page.
  for (let n = 1; n <= 27; n++) await seedReport(page, { name: `Draft ${String(n).padStart(2, '0')}` });
  for (const name of ['Final A', 'Final B']) await seedReport(page, { name, status: 'final' });

  await page.goto('/reports');
  await expect(page.getByTestId('report-range')).toHaveText('Showing 1 to 25 of 29 results');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Drafts', exact: true }).click();
  await page.getByRole('combobox', { name: 'Sort By' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  await page.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: 'Ascending' }).click();
  await page.getByTestId('report-search').fill('draft');
  // The search reaches the URL after its debounce; paging before it would be undone by it.
  await expect.poll(() => decodeURIComponent(page.url())).toContain('"q":"draft"');
  await expect(page.getByTestId('report-range')).toHaveText('Showing 1 to 25 of 27 results');
  await page.getByRole('button', { name: 'Page 2' }).click();
  const rows = page.getByTestId('report-row');
  await expect(page.getByTestId('report-range')).toHaveText('Showing 26 to 27 of 27 results');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Draft 26');

  await page.reload();
  await expect(page.getByTestId('report-range')).toHaveText('Showing 26 to 27 of 27 results');
  await expect(rows.first()).toContainText('Draft 26');
  await expect(page.getByTestId('report-search')).toHaveValue('draft');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Drafts');

  // The same link in another tab of the same company opens the same list.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByTestId('report-range')).toHaveText('Showing 26 to 27 of 27 results');
  await expect(other.getByTestId('report-row').first()).toContainText('Draft 26');
});
