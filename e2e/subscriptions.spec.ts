import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  createCompany,
  newCompany,
  registerCompany,
  registerWithoutSubscription,
  signInWithSession,
  signUpAndSignIn,
  TEST_CARD,
} from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

/** Full page from the top, so the sticky bar, toasts and dialogs sit where a person sees them. */
const shoot = async (page: Page, name: string, fullPage = true) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `subscriptions-${name}.png`), fullPage });
};
/** A dialog covers the viewport only; a full-page shot would show the page below it uncovered. */
const shootModal = (page: Page, name: string) => shoot(page, name, false);

const modal = (page: Page) => page.getByTestId('subscription-modal');
const modalTitle = (page: Page) => modal(page).locator('#subscription-modal-title');
const section = (page: Page, name: string) => page.getByRole('region', { name });
const cards = (page: Page) => page.getByTestId('saved-card');

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12${String(TEST_CARD.exp_year).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
};

/** Signs a company up (no subscription) on the dashboard: these specs are about the subscription modal. */
const register = (page: Page, label: string) => registerWithoutSubscription(page, newCompany(label));

/** The same, with the app not loaded yet: for specs that save cards or stub answers before the first load. */
const signUpUnsubscribed = async (page: Page, label: string) =>
  signInWithSession(page, await createCompany(page.request, newCompany(label), { subscribe: false }));

/** A card saved through the API (no subscription needed), as saved cards for the choice and card steps. */
const saveAnotherCard = (page: Page, number: string) =>
  page.evaluate(async (cardNumber) => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` };
    const tokenised = await fetch('/api/sandbox/payment_methods', {
      method: 'POST',
      headers,
      body: JSON.stringify({ number: cardNumber, exp_month: 7, exp_year: new Date().getFullYear() + 4, cvc: '321' }),
    });
    const { id } = (await tokenised.json()) as { id: string };
    const saved = await fetch('/api/protected/payment-methods', {
      method: 'POST',
      headers,
      body: JSON.stringify({ payment_method_id: id }),
    });
    if (!saved.ok) throw new Error(`saving a card failed: ${saved.status}`);
  }, number);

/**
 * Lets billing time pass: the e2e server's billing clock moves forward (a test-only route) and the account
 * syncs, which runs every due renewal at once: the default card is charged and a paid invoice is e-mailed.
 */
const passTime = (page: Page, days: number) =>
  page.evaluate(async (forward) => {
    const moved = await fetch('/api/test/clock/advance', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: forward }),
    });
    if (!moved.ok) throw new Error(`moving the clock failed: ${moved.status}`);
    const synced = await fetch('/api/protected/subscriptions/sync', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    if (!synced.ok) throw new Error(`sync failed: ${synced.status}`);
  }, days);

test.describe.configure({ mode: 'serial' });

test('a new company subscribes through the modal, then manages its subscription, cards and invoices', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await test.step('a new company meets the subscription modal and cannot close it', async () => {
    await register(page, 'Subscriber');

    await expect(modalTitle(page)).toHaveText('Choose Your Plan');
    await expect(page.getByTestId('plan-card')).toHaveCount(3);
    const professional = page.getByRole('article', { name: 'Professional' });
    await expect(professional.getByText('Recommended')).toBeVisible();
    await expect(professional.getByTestId('plan-price')).toHaveText('$59.00');
    await expect(professional.getByText('14-day free trial')).toBeVisible();
    // Five features are on sale; the card shows the first four.
    await expect(professional.getByRole('listitem')).toHaveCount(4);
    await expect(page.getByText('Not ready to subscribe now?')).toBeVisible();
    await shootModal(page, '01-plans');

    await page.keyboard.press('Escape');
    await expect(toast(page, 'Active subscription required to continue')).toBeVisible();
    await expect(modal(page)).toBeVisible();
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await expect(modal(page)).toBeVisible();
  });

  await test.step('picks Professional; the submit waits for a complete card; Back returns to the plans', async () => {
    await page.getByRole('button', { name: 'Select Professional' }).click();
    await expect(modalTitle(page)).toHaveText('Payment Information');
    await expect(page.getByTestId('selected-plan')).toHaveText('Professional');
    const submit = page.getByRole('button', { name: 'Start Free Trial' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect(submit).toBeDisabled();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(modalTitle(page)).toHaveText('Choose Your Plan');
    await page.getByRole('button', { name: 'Select Professional' }).click();
    await expect(modalTitle(page)).toHaveText('Payment Information');
  });

  await test.step('4000 0000 0000 0002 shows the decline inline', async () => {
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByTestId('card-error')).toContainText('declined');
    await expect(modalTitle(page)).toHaveText('Payment Information');
    await shootModal(page, '02-declined');
  });

  await test.step('4242 4242 4242 4242 subscribes and the calculator opens', async () => {
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(toast(page, 'Subscription created successfully!')).toBeVisible();
    await expect(modal(page)).toBeHidden();
    const badge = page.getByTestId('subscription-badge');
    await expect(badge.getByTestId('subscription-plan')).toHaveText('Professional');
    await expect(badge.getByTestId('subscription-status')).toHaveText('Trial');
    await expect(badge.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'blue');
    await expect(badge.getByRole('button', { name: 'Start Subscription' })).toHaveCount(0);
    await shoot(page, '03-dashboard-badge');

    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
  });

  await test.step('Settings shows the plan; cancel asks first, then shows when service ends', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const management = section(page, 'Subscription Management');
    await expect(management.getByTestId('current-plan')).toHaveText('Professional');
    await expect(management.getByTestId('current-plan-price')).toHaveText('$59.00 / month');
    await expect(management.getByTestId('subscription-days-text')).toHaveText(/^1[34] days left$/);
    await expect(management.getByRole('button', { name: 'Renew Subscription' })).toHaveCount(0);

    await management.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(page.getByText('Are you sure you want to cancel your subscription?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(toast(page, 'Subscription canceled successfully!')).toBeVisible();
    await expect(management.getByTestId('subscription-status')).toHaveText(
      /^Canceled \(Active until \d\d\/\d\d\/\d{4}\)$/,
    );
    await expect(management.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'orange');
    await expect(management.getByTestId('subscription-days-text')).toHaveText(/^Service ends in 1[34] days$/);
    await expect(management.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await expect(management.getByRole('button', { name: 'Change Plan' })).toBeVisible();
    await shoot(page, '04-settings-canceled');
  });

  await test.step('renew brings the subscription back', async () => {
    const management = section(page, 'Subscription Management');
    await management.getByRole('button', { name: 'Renew Subscription' }).click();
    await expect(toast(page, 'Subscription renewed successfully!')).toBeVisible();
    await expect(management.getByTestId('subscription-status')).toHaveText('Trial');
    await expect(management.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  });

  await test.step('Change Plan switches a running subscription to another plan', async () => {
    const management = section(page, 'Subscription Management');
    await management.getByRole('button', { name: 'Change Plan' }).click();
    await expect(modalTitle(page)).toHaveText('Choose Your Plan');
    const professional = page.getByRole('article', { name: 'Professional' });
    await expect(professional.getByRole('button', { name: 'Select Professional' })).toBeDisabled();
    await expect(professional.getByText('Current plan').first()).toBeVisible();
    // A valid subscription: this modal may be closed, and offers no sign-out.
    await expect(page.getByText('Not ready to subscribe now?')).toHaveCount(0);
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await expect(modal(page)).toHaveCount(0);

    await management.getByRole('button', { name: 'Change Plan' }).click();
    await page.getByRole('button', { name: 'Select Enterprise' }).click();
    // Nothing changes until the preview is confirmed: in the trial nothing is charged now.
    await expect(page.getByTestId('plan-change-summary')).toContainText(
      'Change to Enterprise ($129.00 a month) from today; nothing is charged now. Next renewal on',
    );
    await shootModal(page, '04b-plan-change-preview');
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await expect(toast(page, 'Plan changed successfully!')).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
    await expect(management.getByTestId('current-plan')).toHaveText('Enterprise');
    await expect(management.getByTestId('current-plan-price')).toHaveText('$129.00 / month');
  });

  await test.step('set a default card, rename a card and delete one', async () => {
    await saveAnotherCard(page, '5555 5555 5555 4444');
    await page.reload();
    const saved = section(page, 'Saved Payment Methods');
    await expect(cards(page)).toHaveCount(2);
    const visa = cards(page).filter({ hasText: '4242' });
    const mastercard = cards(page).filter({ hasText: '4444' });
    await expect(visa.getByTestId('default-badge')).toBeVisible();
    await expect(mastercard.getByTestId('default-badge')).toHaveCount(0);
    await expect(mastercard.getByTestId('card-nickname')).toHaveText('No name');
    await expect(mastercard).toContainText(`07/${new Date().getFullYear() + 4}`);
    await expect(saved.getByText('The default card is used to renew your subscription.')).toBeVisible();

    await mastercard.getByRole('button', { name: 'Set as default' }).click();
    await expect(toast(page, 'Card set as default')).toBeVisible();
    await expect(mastercard.getByTestId('default-badge')).toBeVisible();
    await expect(visa.getByTestId('default-badge')).toHaveCount(0);

    await mastercard.getByRole('button', { name: /^Edit name of/ }).click();
    const nickname = mastercard.getByPlaceholder('Card name (e.g., Work Card)');
    await nickname.fill('Work Card');
    await shoot(page, '05-cards-rename');
    await mastercard.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Card nickname updated')).toBeVisible();
    await expect(mastercard.getByTestId('card-nickname')).toHaveText('Work Card');

    await mastercard.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByText('Are you sure you want to delete this card?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Card deleted')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    // The deleted card was the default; the other one takes its place.
    await expect(visa.getByTestId('default-badge')).toBeVisible();
  });

  await test.step("the subscription's only card stays until another is added, which Add card does", async () => {
    const visa = cards(page).filter({ hasText: '4242' });
    await visa.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      toast(page, 'This card pays your subscription and it is your only card: add another card first'),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await fillCard(page, '5555 5555 5555 4444');
    await shootModal(page, '05b-add-card');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(toast(page, 'Card added')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(cards(page)).toHaveCount(2);
  });

  await test.step('with six trial days left the dashboard badge counts them', async () => {
    await passTime(page, 8);
    await page.goto('/dashboard');
    const badge = page.getByTestId('subscription-badge');
    await expect(badge.getByTestId('subscription-status')).toHaveText('Trial');
    await expect(badge.getByTestId('subscription-days')).toHaveText('6 days remaining');
    await shoot(page, '06-badge-days');
  });

  await test.step('the trial ends, the renewal is invoiced, and the invoice is resent', async () => {
    await passTime(page, 7);
    await page.goto('/settings');
    const management = section(page, 'Subscription Management');
    await expect(management.getByTestId('subscription-status')).toHaveText('Active');
    await expect(management.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'green');

    const invoices = section(page, 'Invoices');
    const first = invoices.getByTestId('invoice-row').first();
    await expect(first).toContainText('Enterprise');
    await expect(first).toContainText('$129.00');
    await expect(first.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(first.getByTestId('invoice-status')).toHaveAttribute('data-tone', 'green');
    // A paid invoice is e-mailed on its own; Send mails it again.
    await expect(first.getByTestId('invoice-email')).toHaveText(/^Sent \d\d\/\d\d\/\d{4}$/);
    await expect(invoices.getByTestId('invoice-stat-total')).toHaveText('1');
    await expect(invoices.getByTestId('invoice-stat-paid')).toHaveText('1');
    await expect(invoices.getByTestId('invoice-stat-open')).toHaveText('0');
    await expect(invoices.getByTestId('invoice-stat-emailsSent')).toHaveText('1');
    await expect(invoices.getByTestId('invoice-page')).toHaveText('Page 1 of 1');
    await expect(invoices.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(invoices.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(first.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/api\/invoices\/.+\/pdf\?/);
    await expect(first.getByRole('link', { name: 'View' })).toHaveAttribute('href', /\/api\/invoices\/.+\/view\?/);

    const resend = page.waitForRequest(
      (request) => request.url().endsWith('/api/protected/invoices/resend') && request.method() === 'POST',
    );
    await first.getByRole('button', { name: 'Send' }).click();
    expect((await resend).postDataJSON()).toEqual({ invoice_id: expect.any(String) });
    await expect(toast(page, 'Invoice successfully resent!')).toBeVisible();
    await invoices.getByRole('button', { name: 'Refresh' }).click();
    await expect(first.getByTestId('invoice-email')).toHaveText(/^Sent /);
    await shoot(page, '07-settings-invoice');
  });

  await test.step('ten more months of renewals page the invoices ten at a time', async () => {
    await passTime(page, 310);
    const invoices = section(page, 'Invoices');
    await invoices.getByRole('button', { name: 'Refresh' }).click();
    await expect(invoices.getByTestId('invoice-page')).toHaveText('Page 1 of 2');
    await expect(invoices.getByTestId('invoice-row')).toHaveCount(10);
    const total = Number(await invoices.getByTestId('invoice-stat-total').innerText());
    expect(total).toBeGreaterThan(10);
    await expect(invoices.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await invoices.getByRole('button', { name: 'Next' }).click();
    await expect(invoices.getByTestId('invoice-page')).toHaveText('Page 2 of 2');
    await expect(invoices.getByTestId('invoice-row')).toHaveCount(total - 10);
    await expect(invoices.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(invoices.getByTestId('invoice-stat-paid')).toHaveText(String(total - 10));

    await invoices.getByRole('button', { name: 'Previous' }).click();
    await expect(invoices.getByTestId('invoice-page')).toHaveText('Page 1 of 2');
  });
});

test('a company without a subscription waits for the status check, meets the modal and may sign out', async ({
  page,
}) => {
  await register(page, 'Browser');
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');

  // A slow status answer keeps the wait screen up until it arrives.
  await page.route('**/api/protected/subscriptions/status', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Checking subscription...')).toBeVisible();
  await shootModal(page, '08-checking');
  await expect(page.getByText('Checking subscription...')).toBeHidden();
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');

  await modal(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Successfully signed out')).toBeVisible();
});

test('a file download the server refuses for want of a subscription opens the modal too', async ({ page }) => {
  await signUpAndSignIn(page);
  // A 403 status keeps the gate from opening the modal by itself, so only the refused download can open it.
  await page.route('**/api/protected/subscriptions/status', (route) =>
    route.fulfill({ status: 403, json: { statusCode: 403, error: 'Forbidden' } }),
  );
  await page.route('**/api/protected/calculator/template**', (route) =>
    route.fulfill({
      status: 403,
      json: {
        statusCode: 403,
        error: 'Active subscription required to use this feature',
        code: 'SUBSCRIPTION_REQUIRED',
      },
    }),
  );
  // The page's clock is the test's: running it past the modal's one-second delay proves the modal stays shut
  // without waiting that second out.
  await page.clock.install();
  await page.goto('/calculator');
  await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
  await page.clock.runFor(1500);
  await expect(modal(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Download Template' }).click();
  await expect(toast(page, 'An active subscription is required to use this feature')).toBeVisible();
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');
});

test('a status check that fails other than with 403 opens the modal; after a 403 a refused feature does', async ({
  page,
}) => {
  await signUpAndSignIn(page);
  await page.route('**/api/protected/subscriptions/status', (route) =>
    route.fulfill({ status: 403, json: { statusCode: 403, error: 'Forbidden' } }),
  );
  await page.clock.install();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'IFTA Reports' })).toBeVisible();
  // Past the modal's one-second delay, on the page's clock.
  await page.clock.runFor(1500);
  await expect(modal(page)).toHaveCount(0);

  // With no status to go by, a feature the server refuses is what opens the modal, with the guard’s message.
  await page.route('**/api/protected/user/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 403,
          json: {
            statusCode: 403,
            error: 'Active subscription required to use this feature',
            code: 'SUBSCRIPTION_REQUIRED',
          },
        })
      : route.continue(),
  );
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'An active subscription is required to use this feature')).toBeVisible();
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');
  await page.unroute('**/api/protected/user/settings');

  await page.unroute('**/api/protected/subscriptions/status');
  await page.route('**/api/protected/subscriptions/status', (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal server error' } }),
  );
  await page.reload();
  await expect(modal(page)).toBeVisible();
});

test('a feature the server refuses for want of a subscription shows the guard’s message in English and opens the modal', async ({
  page,
}) => {
  await registerCompany(page);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
  // The subscription ended since the page loaded: the server refuses the save.
  await page.route('**/api/protected/user/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 403,
          json: {
            statusCode: 403,
            error: 'Active subscription required to use this feature',
            code: 'SUBSCRIPTION_REQUIRED',
          },
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'An active subscription is required to use this feature')).toBeVisible();
  await expect(modal(page)).toBeVisible();
  await shootModal(page, '09-guard');
  // The company does hold a valid subscription, so this modal may be closed.
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toHaveCount(0);
});

test('a saved card cannot create a subscription; Back walks the steps of docs/product-spec.md §4', async ({ page }) => {
  await signUpUnsubscribed(page, 'Cardholder');
  await saveAnotherCard(page, '5555 5555 5555 4444');
  await page.goto('/dashboard');
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');
  await page.getByRole('button', { name: 'Select Starter' }).click();
  await expect(modalTitle(page)).toHaveText('Payment Method');
  const newCard = page.getByRole('radio', { name: 'Use a new card' });
  await expect(newCard).toBeChecked();
  await page.getByRole('radio', { name: /Mastercard ending in 4444/ }).click();
  await expect(toast(page, 'Creating a subscription requires a new card')).toBeVisible();
  await expect(newCard).toBeChecked();
  await shootModal(page, '10-choice');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(modalTitle(page)).toHaveText('Payment Information');
  await expect(page.getByTestId('selected-plan')).toHaveText('Starter');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(modalTitle(page)).toHaveText('Payment Method');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');
});

test('a subscription that ended is resumed from the card choice, on its plan, with the saved card', async ({
  page,
}) => {
  await signUpAndSignIn(page);
  // Cancelled during the trial, then the trial runs out: the subscription ends.
  await page.evaluate(async () => {
    const cancelled = await fetch('/api/protected/subscriptions', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    if (!cancelled.ok) throw new Error(`cancel failed: ${cancelled.status}`);
  });
  await passTime(page, 15);
  await page.goto('/dashboard');

  await expect(modalTitle(page)).toHaveText('Resume Subscription');
  await expect(page.getByTestId('selected-plan')).toHaveText('Professional');
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  const badge = page.getByTestId('subscription-badge');
  await expect(badge.getByTestId('subscription-status')).toHaveText('Canceled');
  // Behind the modal, so hidden from the accessibility tree for now.
  await expect(badge.getByRole('button', { name: 'Activate Subscription', includeHidden: true })).toBeVisible();
  await shootModal(page, '11-resume');

  // Back from the choice goes to the plans, still titled for a reactivation.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(modalTitle(page)).toHaveText('Resume Subscription');
  await page.getByRole('button', { name: 'Select Professional' }).click();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Subscription resumed successfully!')).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await expect(badge.getByTestId('subscription-status')).toHaveText('Active');
  await expect(badge.getByRole('button', { name: 'Activate Subscription' })).toHaveCount(0);
});

test('a payment provider that cannot be loaded shows Payment System Error', async ({ page }) => {
  await register(page, 'Offline');
  await page.route('**/api/subscriptions/stripe-config', (route) =>
    route.fulfill({ json: { publishable_key: 'pk_test_unreachable' } }),
  );
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await expect(modalTitle(page)).toHaveText('Choose Your Plan');
  await page.getByRole('button', { name: 'Select Professional' }).click();
  await expect(page.getByText('Payment System Error')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Failed to load payment system')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
  await shootModal(page, '12-payment-system-error');
});

test('after a resumed Stripe subscription a failed sync says "Payment system synchronization error"', async ({
  page,
}) => {
  await signUpUnsubscribed(page, 'Stripe');
  await saveAnotherCard(page, '4242 4242 4242 4242');
  await page.route('**/api/subscriptions/stripe-config', (route) =>
    route.fulfill({ json: { publishable_key: 'pk_test_sync' } }),
  );
  await page.route('**/api/protected/subscriptions/status', (route) =>
    route.fulfill({
      json: {
        subscription: { status: 'canceled', plan: 'Starter', plan_id: 'starter', cancel_at_period_end: false },
        has_valid_subscription: false,
        plan: { name: 'Starter' },
        days_until_expiry: 0,
      },
    }),
  );
  await page.route('**/api/protected/subscriptions/reactivate-with-payment', (route) =>
    route.fulfill({ json: { ok: true } }),
  );
  let synced = false;
  await page.route('**/api/protected/subscriptions/sync', (route) => {
    synced = true;
    return route.fulfill({ status: 502, json: { statusCode: 502, error: 'Bad gateway' } });
  });
  await page.goto('/dashboard');
  await expect(modalTitle(page)).toHaveText('Resume Subscription');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Payment system synchronization error')).toBeVisible();
  expect(synced).toBe(true);
});

test('with Stripe live the card form is Stripe Elements: its errors show inline and its payment method subscribes', async ({
  page,
}) => {
  await register(page, 'Elements');
  await page.route('**/api/subscriptions/stripe-config', (route) =>
    route.fulfill({ json: { provider: 'stripe', publishable_key: 'pk_test_fake' } }),
  );
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', path: join(__dirname, 'support', 'fake-stripe.js') }),
  );
  let created: { body: unknown; idempotencyKey: string | undefined } | null = null;
  await page.route('**/api/protected/subscriptions', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    created = { body: route.request().postDataJSON(), idempotencyKey: route.request().headers()['idempotency-key'] };
    return route.fulfill({ status: 201, json: {} });
  });

  await page.getByRole('button', { name: 'Select Professional' }).click();
  const card = page.getByLabel('Stripe card');
  const submit = page.getByRole('button', { name: 'Start Free Trial' });
  await expect(card).toBeVisible();
  // Stripe's own sandbox-only hint and inputs are not part of this form.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await card.fill('4000 0000 0000 0069');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('card-error')).toHaveText('Your card has expired.');
  expect(created).toBeNull();

  await card.fill('4242 4242 4242 4242');
  await submit.click();
  await expect(toast(page, 'Subscription created successfully!')).toBeVisible();
  expect(created).toEqual({
    body: { plan_id: 'professional', payment_method: 'pm_fake_4242' },
    idempotencyKey: 'create-pm_fake_4242',
  });
});
