import { test, expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerCompany, signUpAndSignIn } from './support/accounts';
import AxeBuilder from '@axe-core/playwright';
import { api } from './support/api';
import { saveLanguage } from './support/screens';
import { SCREENSHOTS } from './support/screenshots';

const PHONE = { width: 390, height: 844 };

/** IFTA, Inc.'s 2Q2026 matrix (every new account holds it) and a made-up 1Q2026 one where California's diesel differs. */
const Q2_2026 = readFileSync(join(__dirname, '../backend/src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv'), 'utf8');
const Q1_2026 = Q2_2026.replace('CA,California,USA,base,USD/gal,,0.9710,', 'CA,California,USA,base,USD/gal,,0.9000,');

const cards = (page: Page) => page.getByTestId('jurisdiction-card');
const numberField = (scope: Locator | Page, label: string) => scope.getByRole('spinbutton', { name: label });
const schedule = (page: Page, fuel: string) => page.locator(`[data-testid="fuel-schedule"][data-fuel="${fuel}"]`);

async function choose(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

interface Line {
  state: string;
  fuel?: string;
  miles: string;
  gallons: string;
}

async function addLine(page: Page, line: Line) {
  await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
  const card = cards(page).last();
  await choose(page, card, 'State/Province', line.state);
  if (line.fuel) await choose(page, card, 'Fuel type', line.fuel);
  await numberField(card, 'Total Miles').fill(line.miles);
  await numberField(card, 'Taxable Miles').fill(line.miles);
  await numberField(card, 'Gallons Purchased').fill(line.gallons);
  await numberField(card, 'Total Miles').focus(); // leaves Gallons Purchased, which then shows its stored value
}

async function openCalculator(page: Page, period: string) {
  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Calculation' })).toHaveText(/^Official return/);
  await choose(page, page, 'Tax Period', period);
}

/** Every schedule's summary text and the return's total, as the calculator previews them or the detail shows them. */
async function figures(page: Page, fuels: string[]) {
  const out: Record<string, string> = { total: await page.getByTestId('tax-summary-amount').innerText() };
  for (const fuel of fuels) {
    for (const key of [
      'mpg',
      'total_gallons',
      'taxable_gallons',
      'net_taxable_gallons',
      'tax',
      'surcharge',
      'total_due',
    ]) {
      out[`${fuel}.${key}`] = await schedule(page, fuel).getByTestId(`fuel-schedule-${key}`).innerText();
    }
  }
  return out;
}

/** No serious or critical axe-core violation (as e2e/accessibility.spec.ts asks of every page). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`),
  ).toEqual([]);
}

async function saveAndOpen(page: Page, company: string) {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const row = page.getByTestId('report-row').first();
  await row.getByRole('link', { name: new RegExp(`^View IFTA Q\\d-\\d{4} - ${company}$`) }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
}

test('a two-fuel official return previews per fuel with the quarter’s rates and saves to the cent', async ({
  page,
}) => {
  const account = await registerCompany(page);
  await openCalculator(page, 'Q2-2026');
  await page.getByRole('textbox', { name: 'IFTA License' }).fill('TX-445566');
  await addLine(page, { state: 'Texas (TX) - $0.2000', miles: '5000', gallons: '600' });
  await addLine(page, { state: 'Kentucky (KY) - $0.2200', miles: '3000', gallons: '300' });
  await addLine(page, { state: 'Texas (TX) - $0.2000', fuel: 'Gasoline', miles: '2000', gallons: '150' });
  await addLine(page, { state: 'Kentucky (KY) - $0.2200', fuel: 'Gasoline', miles: '1000', gallons: '50' });

  // Diesel: 8,000 mi / 900 gal = 8.89. TX 562 - 600 = -38 x 0.20 = -$7.60; KY 337 - 300 = 37 x 0.22 = $8.14 plus
  // 337 x 0.1050 = $35.39 surcharge: $35.93. Gasoline: 3,000 / 200 = 15.00. TX 133 - 150 = -17 x 0.20 = -$3.40;
  // KY gasoline 67 - 50 = 17 x 0.25 = $4.25 plus 67 x 0.0450 = $3.02 surcharge: $3.87. Return $39.80.
  await expect(schedule(page, 'diesel').getByTestId('fuel-schedule-mpg')).toHaveText('8.89');
  await expect(schedule(page, 'gasoline').getByTestId('fuel-schedule-mpg')).toHaveText('15.00');
  await expect(schedule(page, 'diesel').getByTestId('fuel-schedule-surcharge')).toHaveText('$35.39');
  await expect(schedule(page, 'diesel').getByTestId('fuel-schedule-total_due')).toHaveText('$35.93');
  await expect(schedule(page, 'gasoline').getByTestId('fuel-schedule-total_due')).toHaveText('$3.87');
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$39.80');
  const sources = cards(page).getByTestId('rate-source');
  await expect(sources.nth(0)).toHaveText('Rate from the Q2-2026 table');
  // The gasoline line takes Kentucky's gasoline rate and surcharge, not the diesel rate the state list shows.
  await expect(sources.nth(3)).toHaveText('Rate from the Q2-2026 table');
  await expect(cards(page).nth(3).getByRole('textbox', { name: 'Tax Rate' })).toHaveValue(
    '$0.2500 + $0.0450 Surcharge',
  );
  await expect(cards(page).nth(1).getByRole('textbox', { name: 'Tax Rate' })).toHaveValue(
    '$0.2200 + $0.1050 Surcharge',
  );
  const preview = await figures(page, ['diesel', 'gasoline']);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, 'official-fuel-calculator.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENSHOTS, 'official-fuel-calculator-phone.png'), fullPage: true });
  await cards(page)
    .nth(1)
    .screenshot({ path: join(SCREENSHOTS, 'official-fuel-calculator-phone-line.png') });
  await page
    .getByRole('region', { name: 'Summary Results' })
    .screenshot({ path: join(SCREENSHOTS, 'official-fuel-calculator-phone-summary.png') });
  await page.setViewportSize({ width: 1366, height: 900 });

  await saveAndOpen(page, account.company);
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$39.80');
  expect(await figures(page, ['diesel', 'gasoline'])).toEqual(preview);
  const gasoline = schedule(page, 'gasoline').locator('xpath=..');
  await expect(gasoline.getByTestId('jurisdiction-row')).toHaveCount(2);
  await expect(gasoline.getByTestId('line-rate-source').nth(1)).toHaveText('Official');
  await expectAccessible(page);
  await expect(page.getByTestId('line-rate-source').first()).toHaveText('Official');

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, 'official-fuel-detail.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENSHOTS, 'official-fuel-detail-phone.png'), fullPage: true });
  await page
    .getByRole('region', { name: 'Jurisdiction Details' })
    .screenshot({ path: join(SCREENSHOTS, 'official-fuel-detail-phone-schedules.png') });
  await page.setViewportSize({ width: 1366, height: 900 });
});

test('official inputs with extra decimals preview what is saved', async ({ page }) => {
  const account = await registerCompany(page);
  await openCalculator(page, 'Q2-2026');
  await addLine(page, { state: 'Texas (TX) - $0.2000', miles: '4321.4999', gallons: '410.5005' });
  await addLine(page, { state: 'Virginia (VA) - $0.3270', miles: '2345.5001', gallons: '199.4999' });
  // An official return computes on the fleet MPG only: the calculator offers no MPG to type.
  await expect(numberField(page, 'Average MPG')).toHaveCount(0);
  await expect(numberField(cards(page).nth(0), 'Gallons Purchased')).toHaveValue('410.501');
  // Stored scale first, then whole numbers, as the server does: 4,321.4999 -> 4,321.500 -> 4,322 miles and
  // 199.4999 -> 199.500 -> 200 gallons. Fleet MPG 6,668 / 611 = 10.91. TX 4,322 / 10.91 = 396 - 411 = -15 x 0.20 =
  // -$3.00; VA 2,346 / 10.91 = 215 - 200 = 15 x 0.327 = $4.91 plus 215 x 0.1430 = $30.75 surcharge.
  await expect(schedule(page, 'diesel').getByTestId('fuel-schedule-total_due')).toHaveText('$32.66');
  const preview = await figures(page, ['diesel']);
  await saveAndOpen(page, account.company);
  expect(await figures(page, ['diesel'])).toEqual(preview);
});

test('a report for a quarter with its own imported rates previews and saves that quarter’s rates', async ({ page }) => {
  const account = await registerCompany(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const applied = await page.request.post('/api/protected/tax-rates-management/matrix/apply', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      quarter: 'Q1-2026',
      file: { name: 'ifta-rates-2026-Q1.csv', mimeType: 'text/csv', buffer: Buffer.from(Q1_2026) },
    },
  });
  expect(applied.ok()).toBe(true);

  await openCalculator(page, 'Q2-2026');
  await addLine(page, { state: 'California (CA) - $0.9710', miles: '6500', gallons: '500' });
  await addLine(page, { state: 'Texas (TX) - $0.2000', miles: '6500', gallons: '1500' });
  const caRate = cards(page).nth(0).getByRole('textbox', { name: 'Tax Rate' });
  await expect(caRate).toHaveValue('$0.9710');
  // 13,000 / 2,000 = 6.50: CA 1,000 - 500 = 500 x 0.971 = $485.50 in 2Q2026, TX 1,000 - 1,500 = -500 x 0.20.
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$385.50');

  await choose(page, page, 'Tax Period', 'Q1-2026');
  await expect(page.getByTestId('rates-quarter-notice')).toContainText('Tax rates for Q1-2026');
  await expect(caRate).toHaveValue('$0.9000');
  await expect(cards(page).nth(0).getByTestId('rate-source')).toHaveText('Rate from the Q1-2026 table');
  // CA 500 x 0.90 = $450.00, TX -$100.00.
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$350.00');

  await saveAndOpen(page, account.company);
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$350.00');
  await expect(page.getByTestId('jurisdiction-row').first()).toContainText('$0.9000');
});

test('a quarter without a matrix previews and saves the newest quarter’s rates, marked provisional', async ({
  page,
}) => {
  const account = await registerCompany(page);
  await openCalculator(page, 'Q3-2026');
  await expect(page.getByTestId('rates-quarter-notice')).toContainText('Provisional rates (from 2Q2026)');
  await addLine(page, { state: 'Kentucky (KY) - $0.2200', miles: '3000', gallons: '300' });
  // 2Q2026's rate and surcharge, not the diesel rate alone: 3,000 / 300 = 10.00; 300 - 300 = 0, 300 x 0.105 = $31.50.
  await expect(cards(page).nth(0).getByRole('textbox', { name: 'Tax Rate' })).toHaveValue(
    '$0.2200 + $0.1050 Surcharge',
  );
  await expect(cards(page).nth(0).getByTestId('rate-source')).toHaveText(
    'Provisional rate (from 2Q2026): no Q3-2026 rate yet',
  );
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$31.50');

  await saveAndOpen(page, account.company);
  await expect(page.getByTestId('tax-summary-amount')).toHaveText('$31.50');
  await expect(page.getByTestId('provisional-rates-note')).toContainText('Provisional rates (from 2Q2026)');
  await expect(page.getByTestId('line-rate-source').first()).toHaveText('Provisional');
});

test('the list shows an official report’s fuel types and the dashboard groups its lines by code', async ({ page }) => {
  await signUpAndSignIn(page);
  const line = (name: string, fuel: string, miles: number, gallons: number) => ({
    name,
    fuel_type: fuel,
    total_miles: miles,
    taxable_miles: miles,
    gallons_purchased: gallons,
    tax_rate: 0.2,
  });
  await api(page, 'POST', '/api/protected/reports', {
    name: 'Two fuels',
    company_name: 'Seed Freight',
    tax_period: 'Q2-2026',
    period: 'Q2-2026',
    average_mpg: 0,
    status: 'final',
    calculation_mode: 'official',
    jurisdictions: [
      line('Texas', 'diesel', 5000, 600),
      line('KY', 'diesel', 3000, 300),
      line('TX', 'gasoline', 2000, 150),
      line('California', 'gasoline', 1000, 50),
    ],
  });
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByTestId('report-fuel-types').first()).toHaveText(/^Diesel\s*Gasoline$/);
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('report-fuel-types').first()).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });

  // Texas's diesel and gasoline lines are one jurisdiction: three bars (TX, KY, CA), not four.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('net-gallons-chart').locator('.recharts-bar-rectangle')).toHaveCount(3);
});

/** Download PDF on the detail page: the request names the screen's language and the answer is a PDF. */
async function downloadPdf(page: Page, button: string, lang: 'en' | 'ru') {
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => new RegExp(`/api/protected/reports/[^/]+/pdf\\?lang=${lang}$`).test(r.url())),
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  // The saved file, not the response body: Chromium keeps no body for an answer sent as an attachment.
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
}

test('the detail downloads the official return as a PDF in the screen’s language', async ({ page }) => {
  await signUpAndSignIn(page);
  const report = await api<{ id: string }>(page, 'POST', '/api/protected/reports', {
    name: 'PDF return',
    company_name: 'Seed Freight',
    license_number: 'TX-445566',
    tax_period: 'Q2-2026',
    period: 'Q2-2026',
    average_mpg: 0,
    status: 'final',
    calculation_mode: 'official',
    jurisdictions: [
      { name: 'KY', total_miles: 3000, taxable_miles: 3000, gallons_purchased: 300, tax_rate: 0.22 },
      {
        name: 'TX',
        fuel_type: 'gasoline',
        total_miles: 2000,
        taxable_miles: 2000,
        gallons_purchased: 150,
        tax_rate: 0.2,
      },
    ],
  });
  await page.goto(`/reports/${report.id}`);
  await expect(page.getByTestId('fuel-schedule')).toHaveCount(2);
  await downloadPdf(page, 'Download PDF', 'en');
  await saveLanguage(page, 'ru');
  await page.goto(`/reports/${report.id}`);
  await downloadPdf(page, 'Скачать PDF', 'ru');
});
