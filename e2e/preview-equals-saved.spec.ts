import { test, expect, type Locator, type Page } from '@playwright/test';
import { registerCompany } from './support/accounts';
import { chooseMode } from './support/calculatorMode';

const cards = (page: Page) => page.getByTestId('jurisdiction-card');
const numberField = (scope: Locator | Page, label: string) => scope.getByRole('spinbutton', { name: label });

async function addRow(page: Page, state: string, taxable: string, gallons: string) {
  await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
  const target = cards(page).last();
  await target.getByRole('combobox', { name: 'State/Province' }).click();
  await page.getByRole('option', { name: state, exact: true }).click();
  await numberField(target, 'Total Miles').fill(taxable);
  await numberField(target, 'Taxable Miles').fill(taxable);
  await numberField(target, 'Gallons Purchased').fill(gallons);
  await numberField(target, 'Total Miles').focus(); // leaves Gallons Purchased, which then shows its stored value
}

test('the calculator preview equals the saved report for inputs with more decimals than are stored', async ({
  page,
}) => {
  const account = await registerCompany(page);
  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
  await chooseMode(page, 'Worksheet');

  await numberField(page, 'Average MPG').fill('6.555');
  await addRow(page, 'Texas (TX) - $0.2000', '1234.5675', '100.0005');
  await addRow(page, 'California (CA) - $0.9710', '999.9995', '50.0005');

  // The fields show the figures the server stores (MPG 2 decimals, miles and gallons 3, half away from zero).
  await expect(numberField(page, 'Average MPG')).toHaveValue('6.56');
  await expect(numberField(cards(page).nth(0), 'Taxable Miles')).toHaveValue('1234.568');
  await expect(numberField(cards(page).nth(0), 'Gallons Purchased')).toHaveValue('100.001');
  await expect(numberField(cards(page).nth(1), 'Taxable Miles')).toHaveValue('1000');

  // 1234.568 / 6.56 - 100.001 = 88.1953… x 0.20 = $17.64 (the typed 6.555 would give $17.67);
  // 1000 / 6.56 - 50.001 = 102.4380… x 0.971 = $99.47.
  const preview = {
    rows: [
      await cards(page).nth(0).getByTestId('jurisdiction-results').innerText(),
      await cards(page).nth(1).getByTestId('jurisdiction-results').innerText(),
    ],
    total: await page.getByTestId('tax-summary-amount').innerText(),
  };
  expect(preview.rows[0]).toContain('$17.64');
  expect(preview.rows[1]).toContain('$99.47');
  expect(preview.total).toBe('$117.11');

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page
    .getByTestId('report-row')
    .first()
    .getByRole('link', { name: new RegExp(`^View IFTA Q\\d-\\d{4} - ${account.company}$`) })
    .click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);

  await expect(page.getByTestId('tax-summary-amount')).toHaveText(preview.total);
  const lines = page.getByTestId('jurisdiction-row');
  await expect(lines.nth(0)).toContainText('$17.64');
  await expect(lines.nth(1)).toContainText('$99.47');
  await expect(page.getByTestId('general-average_mpg')).toContainText('6.56');
});
