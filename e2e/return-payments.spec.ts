import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signUpAndSignIn } from './support/accounts';
import { api, seedReport } from './support/api';
import { toast } from './support/toast';

/** No serious or critical axe-core violation, as e2e/accessibility.spec.ts holds every page to. */
const expectAccessible = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
};

interface Balance {
  amount_due: number;
  paid: number;
  balance: number;
  settlement: string;
}

/**
 * A filed return records its payments: the detail's Payments card takes one through its dialog, and the return then
 * shows "Paid" there and on the dashboard. The seeded Q2-2025 return was filed on time (2025-07-20, due 2025-07-31):
 * Texas' 1,000 miles at 5 MPG are 200 gallons, 100 bought, 100 taxable at $0.20, $20.00 to remit.
 */
test('a payment of the full amount shows the return as Paid on its detail and on the dashboard', async ({ page }) => {
  const account = await signUpAndSignIn(page);
  const name = `Paid Return Q2 - ${account.company}`;
  const report = await seedReport(page, {
    name,
    company_name: account.company,
    status: 'final',
    filed_at: '2025-07-20',
  });
  const filed = await api<Balance>(page, 'GET', `/api/protected/reports/${report.id}`);
  expect(filed).toMatchObject({ amount_due: 20, paid: 0, balance: 20, settlement: 'unpaid' });

  await page.goto(`/reports/${report.id}`);
  const card = page.getByRole('region', { name: 'Payments' });
  await expect(card.getByTestId('amount-due')).toHaveText('$20.00');
  await expect(card.getByTestId('amount-balance')).toHaveText('$20.00');
  await expect(card.getByText('No payments recorded yet.')).toBeVisible();
  await expect(page.getByTestId('settled-chip')).toHaveCount(0);
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('20');
  await expectAccessible(page);
  const amount = dialog.getByLabel('Amount');
  // The form says what is wrong before anything is sent: no amount, nothing above 0, a day still to come.
  await amount.fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter an amount above 0')).toBeVisible();
  await dialog.getByLabel('Date').fill('2999-01-01');
  await expect(dialog.getByText('The date cannot be in the future')).toBeVisible();
  expect((await api<unknown[]>(page, 'GET', `/api/protected/reports/${report.id}/payments`)).length).toBe(0);

  await dialog.getByLabel('Date').fill('2025-07-25');
  await amount.fill('20');
  await dialog.getByLabel('Reference').fill('ACH 1001');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(card.getByTestId('amount-paid')).toHaveText('$20.00');
  await expect(card.getByTestId('amount-balance')).toHaveText('$0.00');
  await expect(card.getByTestId('settled-chip')).toHaveText('Paid');
  // The heading's chip too, beside Final.
  await expect(page.getByTestId('settled-chip')).toHaveCount(2);
  const entry = card.getByRole('row').filter({ hasText: 'ACH 1001' });
  await expect(entry).toContainText('Payment');
  await expect(entry).toContainText('ACH');
  await expect(entry.getByTestId('payment-amount')).toHaveText('$20.00');
  expect(await api<Balance>(page, 'GET', `/api/protected/reports/${report.id}`)).toMatchObject({
    paid: 20,
    balance: 0,
    settlement: 'paid',
  });

  await page.goto('/dashboard');
  const row = page.getByTestId('report-row').filter({ hasText: name });
  await expect(row.getByTestId('settled-chip')).toHaveText('Paid');
  await expect(row.getByTestId('balance-due')).toHaveCount(0);
});

test('an unpaid return shows its balance on the reports list, and a deleted payment brings it back', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page);
  const name = `Unpaid Return Q2 - ${account.company}`;
  const report = await seedReport(page, {
    name,
    company_name: account.company,
    status: 'final',
    filed_at: '2025-07-20',
  });
  await api(page, 'POST', `/api/protected/reports/${report.id}/payments`, {
    kind: 'payment',
    paid_on: '2025-07-25',
    amount: 12.5,
    method: 'check',
    reference: 'Check 77',
  });

  await page.goto('/reports');
  const row = page.getByTestId('report-row').filter({ hasText: name });
  await expect(row.getByTestId('balance-due')).toHaveText('$7.50');
  await expect(row.getByTestId('settled-chip')).toHaveCount(0);

  await page.goto(`/reports/${report.id}`);
  const card = page.getByRole('region', { name: 'Payments' });
  await expect(card.getByTestId('amount-balance')).toHaveText('$7.50');
  await card.getByRole('button', { name: 'Delete the payment of $12.50' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete payment' }).click();
  await expect(toast(page, 'Payment deleted')).toBeVisible();
  await expect(card.getByTestId('amount-balance')).toHaveText('$20.00');
  await expect(card.getByText('No payments recorded yet.')).toBeVisible();
});
