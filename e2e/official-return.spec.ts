import { test, expect, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { registerCompany } from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';

const cards = (page: Page) => page.getByTestId('jurisdiction-card');
const numberField = (scope: Locator | Page, label: string) => scope.getByRole('spinbutton', { name: label });

async function addRow(page: Page, state: string, miles: string, taxPaid: string, nonTaxPaid = '') {
  await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
  const target = cards(page).last();
  await target.getByRole('combobox', { name: 'State/Province' }).click();
  await page.getByRole('option', { name: state, exact: true }).click();
  await numberField(target, 'Total Miles').fill(miles);
  await numberField(target, 'Taxable Miles').fill(miles);
  await numberField(target, 'Gallons Purchased').fill(taxPaid);
  if (nonTaxPaid) await numberField(target, 'Non-Tax-Paid Gallons').fill(nonTaxPaid);
  await numberField(target, 'Total Miles').focus();
}

test('a new report is an official return: fleet MPG, whole gallons, tax-paid credit only; preview = saved', async ({
  page,
}) => {
  const account = await registerCompany(page);
  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Calculation' })).toHaveText(/^Official return/);
  await page.getByRole('textbox', { name: 'IFTA License' }).fill('TX-445566');

  // 13,000 miles on 2,000 gallons (1,500 tax-paid + 500 not) = fleet MPG 6.50; no MPG typed.
  await addRow(page, 'Texas (TX) - $0.2000', '6500.4', '1000', '500');
  await addRow(page, 'California (CA) - $0.9710', '6499.6', '500');
  await expect(page.getByTestId('official-mpg-note')).toHaveText('Fleet MPG 6.50 (total miles / total gallons)');
  // TX: 6,500 / 6.50 = 1,000 taxable gallons, only the 1,000 tax-paid credited: $0.00.
  // CA: 6,500 / 6.50 = 1,000 - 500 = 500 x 0.971 = $485.50.
  await expect(cards(page).nth(0).getByTestId('jurisdiction-results')).toContainText('$0.00');
  await expect(cards(page).nth(1).getByTestId('jurisdiction-results')).toContainText('$485.50');
  const previewTotal = await page.getByTestId('tax-summary-amount').innerText();
  expect(previewTotal).toBe('$485.50');

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page
    .getByTestId('report-row')
    .first()
    .getByRole('link', { name: new RegExp(`^View IFTA Q\\d-\\d{4} - ${account.company}$`) })
    .click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('tax-summary-amount')).toHaveText(previewTotal);
  await expect(page.getByTestId('fuel-schedule-note')).toContainText('Fleet MPG 6.50');
  const lines = page.getByTestId('jurisdiction-row');
  await expect(lines.nth(0)).toHaveText(/^TX · Texas\s*6,500\s*6,500\s*1,000\s*1,000\s*0\s*\$0\.2000\s*\$0\.00/);
  await expect(lines.nth(1)).toContainText('$485.50');
  await expect(page.getByTestId('jurisdiction-total')).toContainText('13,000');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, 'official-return-detail.png'), fullPage: true });
});

test('a paste in kilometres and litres is converted, and the calculator says so', async ({ page }) => {
  await registerCompany(page);
  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await page.evaluate(() => {
    navigator.clipboard.readText = () => Promise.resolve('');
  });
  await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Data' }).fill('State, Km, Litres\nTX, 1000, 100');
  await dialog.getByRole('button', { name: 'Process Data' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Kilometres converted to miles' })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Litres converted to US gallons' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(numberField(cards(page).nth(0), 'Taxable Miles')).toHaveValue('621.371');
  await expect(numberField(cards(page).nth(0), 'Gallons Purchased')).toHaveValue('26.417');
});
