import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { registerCompany } from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `tax-rates-${name}.png`), fullPage: true });

const rows = (page: Page) => page.getByTestId('tax-rate-row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('cell', { name, exact: true }) });
const range = (page: Page) => page.getByTestId('tax-rate-range');
const dialog = (page: Page) => page.getByRole('dialog');

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const search = (page: Page, text: string) => page.getByTestId('tax-rate-search').fill(text);
const resetFilters = (page: Page) => page.getByRole('button', { name: 'Reset Filters' }).click();

test.describe.configure({ mode: 'serial' });

test('a carrier manages its tax-rate table', async ({ page }) => {
  const unique = Date.now().toString(36);

  await test.step('a new account starts with the 58 IFTA rates, 20 a page, by name', async () => {
    await registerCompany(page, {
      company: `Prairie Haulers ${unique}`,
      email: `rates-${unique}@prairie.example`,
      password: 'diesel-2026',
    });

    await page.getByRole('link', { name: 'Tax Rates', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tax Rate Management' })).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    await expect(rows(page).first()).toContainText('Alabama');
    await expect(range(page)).toHaveText('Showing 1 to 20 of 58 results');
    await expect(row(page, 'California')).toContainText('$0.9710');
    await expect(row(page, 'California')).toContainText('Active');
    await expect(page.getByRole('button', { name: 'Page 3' })).toBeVisible();
    await shoot(page, '01-list');
  });

  await test.step('search matches name or abbreviation, and lives in the URL', async () => {
    await search(page, 'carol');
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'North Carolina')).toBeVisible();
    await expect(row(page, 'South Carolina')).toBeVisible();
    // One page only: no pager.
    await expect(range(page)).toHaveCount(0);
    await expect(page).toHaveURL(/filter=.*carol/);
    await page.reload();
    await expect(page.getByTestId('tax-rate-search')).toHaveValue('carol');
    await expect(rows(page)).toHaveCount(2);

    await search(page, 'qc');
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, 'Quebec')).toBeVisible();
    await search(page, 'nowhere at all');
    await expect(page.getByText('No tax rates found')).toBeVisible();
    await shoot(page, '02-empty');
    await resetFilters(page);
    await expect(page.getByTestId('tax-rate-search')).toHaveValue('');
    await expect(range(page)).toHaveText('Showing 1 to 20 of 58 results');
  });

  await test.step('filter by country', async () => {
    await choose(page, 'Country', 'Canada');
    await expect(rows(page)).toHaveCount(10);
    await expect(row(page, 'Ontario')).toContainText('$0.2490');
    await expect(rows(page).filter({ hasText: 'USA' })).toHaveCount(0);
    await shoot(page, '03-canada');
    await choose(page, 'Sort By', 'Rate high-low');
    await expect(rows(page).first()).toContainText('Quebec');
    await resetFilters(page);
    await choose(page, 'Sort By', 'Name A-Z');
    await expect(rows(page)).toHaveCount(20);
  });

  await test.step('create a rate, with the form checks first', async () => {
    await page.getByRole('button', { name: 'Create Rate' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Create New Tax Rate' })).toBeVisible();
    await expect(dialog(page).getByLabel('Active Rate')).toBeChecked();
    await expect(dialog(page).getByRole('combobox', { name: 'Country' })).toHaveText('USA');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Please fill all required fields')).toBeVisible();

    await dialog(page).getByLabel('Name').fill(`Test Yard ${unique}`);
    await dialog(page).getByLabel('Abbreviation').fill('ty');
    await dialog(page).getByLabel('Tax Rate ($/gallon)').fill('-1');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Tax rate cannot be negative')).toBeVisible();

    await dialog(page).getByLabel('Tax Rate ($/gallon)').fill('0.1234');
    await dialog(page).getByLabel('Effective Date').fill('2026-07-01');
    await shoot(page, '04-create');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Tax rate created!')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);

    await search(page, `Test Yard ${unique}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('TY');
    await expect(rows(page).first()).toContainText('$0.1234');
  });

  await test.step('a second active rate for one abbreviation in a quarter shows the server error', async () => {
    await page.getByRole('button', { name: 'Create Rate' }).click();
    await dialog(page).getByLabel('Name').fill('California again');
    await dialog(page).getByLabel('Abbreviation').fill('CA');
    await dialog(page).getByLabel('Tax Rate ($/gallon)').fill('1');
    // California's 2Q2026 rate is active: another one for that quarter is refused (a later quarter's is history).
    await dialog(page).getByLabel('Effective Date').fill('2026-05-01');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'An active tax rate for CA already exists')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  await test.step('edit it', async () => {
    await page.getByRole('button', { name: `Edit Test Yard ${unique}` }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Edit Tax Rate' })).toBeVisible();
    await expect(dialog(page).getByLabel('Tax Rate ($/gallon)')).toHaveValue('0.1234');
    await expect(dialog(page).getByLabel('Effective Date')).toHaveValue('2026-07-01');
    await dialog(page).getByLabel('Tax Rate ($/gallon)').fill('0.2');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Tax rate updated!')).toBeVisible();
    await expect(rows(page).first()).toContainText('$0.2000');
    await shoot(page, '05-edited');
  });

  await test.step('bulk-deactivate two rates', async () => {
    await resetFilters(page);
    await expect(rows(page)).toHaveCount(20);
    await page.getByRole('checkbox', { name: 'Select Alabama' }).check();
    await page.getByRole('checkbox', { name: 'Select Alberta' }).check();
    await expect(page.getByRole('button', { name: 'Activate (2)', exact: true })).toBeVisible();
    await shoot(page, '06-selected');
    await page.getByRole('button', { name: 'Deactivate (2)' }).click();
    await expect(toast(page, 'Tax rates updated!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate (2)' })).toHaveCount(0);
    await expect(row(page, 'Alabama')).toContainText('Inactive');

    await choose(page, 'Status', 'Inactive');
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'Alberta')).toContainText('Inactive');
    await resetFilters(page);
  });

  await test.step('select-all picks the whole page', async () => {
    await page.getByRole('checkbox', { name: 'Select all tax rates on this page' }).check();
    await expect(page.getByRole('button', { name: 'Activate (20)', exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all tax rates on this page' }).uncheck();
    await expect(page.getByRole('button', { name: /^Activate \(/ })).toHaveCount(0);
  });

  await test.step('move through pages; the page lives in the URL', async () => {
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(range(page)).toHaveText('Showing 21 to 40 of 59 results');
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(range(page)).toHaveText('Showing 41 to 59 of 59 results');
    await expect(rows(page)).toHaveCount(19);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await shoot(page, '07-last-page');
    await page.goBack();
    await expect(range(page)).toHaveText('Showing 21 to 40 of 59 results');
    await page.reload();
    await expect(range(page)).toHaveText('Showing 21 to 40 of 59 results');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(range(page)).toHaveText('Showing 1 to 20 of 59 results');
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  await test.step('delete one after the confirmation', async () => {
    await search(page, `Test Yard ${unique}`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: `Delete Test Yard ${unique}` }).click();
    await expect(dialog(page)).toContainText('Are you sure you want to delete this tax rate?');
    await shoot(page, '08-delete-confirm');
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Tax rate deleted!')).toBeVisible();
    await expect(page.getByText('No tax rates found')).toBeVisible();
    await resetFilters(page);
    await expect(range(page)).toHaveText('Showing 1 to 20 of 58 results');
  });
});
