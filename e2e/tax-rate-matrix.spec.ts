import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerCompany, newCompany } from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `tax-rate-matrix-${name}.png`), fullPage: true });

/** IFTA, Inc.'s 2Q2026 matrix (shared/data), with California's diesel changed: a made-up Q1-2025 matrix. */
const Q2_2026 = readFileSync(join(__dirname, '../backend/src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv'), 'utf8');
const Q1_2025 = Q2_2026.replace('CA,California,USA,base,USD/gal,,0.9710,', 'CA,California,USA,base,USD/gal,,0.9000,');
const BAD = 'code,name,country,row,unit,special_diesel\nTX,Texas,USA,base,USD/gal,abc\n';

const rows = (page: Page) => page.getByTestId('tax-rate-row');
const range = (page: Page) => page.getByTestId('tax-rate-range');
const dialog = (page: Page) => page.getByRole('dialog');
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const upload = (page: Page, name: string, text: string) =>
  dialog(page)
    .getByTestId('rate-matrix-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('a carrier views rates by quarter and fuel type and imports a quarter’s rate matrix', async ({ page }) => {
  expect(Q1_2025).not.toBe(Q2_2026);
  await registerCompany(page, newCompany('Matrix'));
  await page.getByRole('link', { name: 'Tax Rates', exact: true }).click();

  await test.step('the defaults are the spec’s table: current diesel base rates', async () => {
    await expect(page.getByRole('combobox', { name: 'Quarter' })).toHaveText('Current rates');
    await expect(page.getByRole('combobox', { name: 'Fuel type' })).toHaveText('Diesel (base rates)');
    await expect(range(page)).toHaveText('Showing 1 to 20 of 58 results');
  });

  await test.step('a fuel type shows its base and surcharge rates', async () => {
    await choose(page, 'Fuel type', 'Diesel');
    await page.getByTestId('tax-rate-search').fill('kentucky');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: 'Surcharge' })).toContainText('$0.1050');
    await choose(page, 'Fuel type', 'Gasoline');
    await expect(rows(page).filter({ hasText: 'Surcharge' })).toContainText('$0.0450');
    await shoot(page, '01-fuel-type');
    await choose(page, 'Quarter', 'Q1-2025');
    await expect(page.getByText('No tax rates found')).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(range(page)).toHaveText('Showing 1 to 20 of 58 results');
  });

  await test.step('a bad row is named and nothing can be applied', async () => {
    await page.getByRole('button', { name: 'Import rate matrix' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Import IFTA rate matrix' })).toBeVisible();
    await upload(page, 'bad.csv', BAD);
    await dialog(page).getByRole('button', { name: 'Preview' }).click();
    await expect(dialog(page).getByText(/Import error: Row 2: "special_diesel" must be a rate/)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  await test.step('upload, preview what changes, apply', async () => {
    await page.getByRole('button', { name: 'Import rate matrix' }).click();
    await choose(page, 'Quarter', 'Q1-2025');
    await upload(page, '1Q2025.csv', Q1_2025);
    await dialog(page).getByRole('button', { name: 'Preview' }).click();
    await expect(dialog(page).getByTestId('rate-matrix-preview')).toContainText('622 added, 0 changed, 0 unchanged');
    const california = dialog(page)
      .getByTestId('rate-matrix-change')
      .filter({ hasText: 'California (CA)' })
      .filter({ hasText: 'Diesel' })
      .first();
    await expect(california).toContainText('2025-01-01');
    await expect(california).toContainText('$0.9000');
    await shoot(page, '02-preview');
    await dialog(page).getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Rate matrix for Q1-2025 imported: 622 added, 0 changed')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
  });

  await test.step('the quarter shows its own rates; the current table keeps 2Q2026', async () => {
    await choose(page, 'Quarter', 'Q1-2025');
    // The quarter's table is on screen before the search is typed, as a person sees it before typing (typed at
    // once, the debounced search could carry the previous filters back).
    await expect(rows(page).first()).toContainText('(1Q2025)');
    await page.getByTestId('tax-rate-search').fill('california');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('$0.9000');
    await expect(rows(page).first()).toContainText('Effective 2025-01-01 (1Q2025)');
    await shoot(page, '03-quarter');
    // A quarter with no rates of its own is priced provisionally, and the page says so.
    await choose(page, 'Quarter', 'Q3-2026');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByTestId('tax-rates-provisional-notice')).toHaveText(
      "No rates for Q3-2026 yet: returns use 2Q2026's rates, marked provisional, until IFTA publishes its matrix (the app fetches it and reprices your drafts).",
    );
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    // Back on the current table (a page of 20) before the search is typed, as a person sees it before typing.
    await expect(page.getByRole('combobox', { name: 'Quarter' })).toHaveText('Current rates');
    await expect(rows(page)).toHaveCount(20);
    await page.getByTestId('tax-rate-search').fill('california');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('$0.9710');
  });

  await test.step('the calculator names the quarter whose rates apply, and warns when they are provisional', async () => {
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await choose(page, 'Tax Period', 'Q1-2025');
    const notice = page.getByTestId('rates-quarter-notice');
    await expect(notice).toHaveText('Tax rates for Q1-2025: 60 rates in force, effective 2025-01-01.');
    await choose(page, 'Tax Period', 'Q2-2025');
    // A quarter IFTA has published is never priced with another quarter's rates: without its own it has none.
    await expect(notice).toContainText(
      "No tax rates are in force for Q2-2025. Import IFTA's rate matrix for that quarter on the Tax Rates page.",
    );
    await choose(page, 'Tax Period', 'Q4-2026');
    // A quarter after the newest matrix is priced, provisionally, with the newest quarter's, and says so.
    await expect(notice).toContainText('Provisional rates (from 2Q2026): Q4-2026 has no published rates yet');
    await shoot(page, '04-calculator-warning');
    await notice.getByRole('link', { name: 'Open Tax Rates' }).click();
    await expect(page.getByRole('heading', { name: 'Tax Rate Management' })).toBeVisible();
  });
});
