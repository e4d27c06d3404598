import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { registerCompany, signUpAndSignIn } from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

// A dialog is shot as the screen shows it: a full-page capture of a scrolled page misplaces the fixed layers.
const shoot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SCREENSHOTS, `dashboard-${name}.png`), fullPage });

const rows = (page: Page) => page.getByTestId('report-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const statValue = (page: Page, key: string) => page.getByTestId(`stat-${key}-value`);

const line = (name: string, taxable: number, purchased: number) => ({
  name,
  total_miles: taxable + 20,
  taxable_miles: taxable,
  gallons_purchased: purchased,
  tax_rate: 0.3,
});

/**
 * Four reports whose dashboard is known by hand (net = taxable / MPG - purchased):
 * TX +100, OK -50, CA -200, NV +150, AZ +5, IL -30, IN +100; FL sits in an MPG-0 report and never counts.
 * Overpurchase: CA -200, OK -50 (IL -30 third); Underpurchase: NV +150, IN +100 (TX +100 third, by name).
 * Average MPG over positive MPGs: (5 + 6 + 7.5) / 3 = 6.17. Saved in this order, so Eastern Linehaul is latest.
 */
const REPORTS = [
  {
    name: 'Texas Run Q1',
    average_mpg: 5,
    status: 'final',
    jurisdictions: [line('TX', 1500, 200), line('OK', 500, 150)],
  },
  {
    name: 'Western Loop Q1',
    average_mpg: 6,
    status: 'draft',
    jurisdictions: [line('CA', 600, 300), line('NV', 1200, 50), line('AZ', 300, 45)],
  },
  { name: 'No MPG Draft', average_mpg: 0, status: 'draft', jurisdictions: [line('FL', 1000, 900)] },
  {
    name: 'Eastern Linehaul Q2',
    average_mpg: 7.5,
    status: 'draft',
    jurisdictions: [line('IL', 750, 130), line('IN', 1500, 100)],
  },
];

/** Saves reports through the API with the token the page stored at sign-in: fast, and the same server path. */
async function createReports(page: Page, reports: object[] = REPORTS) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const report of reports) {
    const res = await page.request.post('/api/protected/reports', {
      headers: { Authorization: `Bearer ${token}` },
      data: { company_name: 'Dashboard Freight', tax_period: 'Q1-2025', ...report },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test.describe.configure({ mode: 'serial' });

test('the dashboard goes from empty to a fleet overview, exports and deletes', async ({ page }) => {
  await test.step('a new company sees the empty state', async () => {
    await registerCompany(page);
    await expect(page.getByRole('heading', { name: 'IFTA Reports' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Report' })).toHaveAttribute('href', '/calculator');
    await expect(page.getByRole('heading', { name: 'No Reports Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create First Report' })).toHaveAttribute('href', '/calculator');
    await expect(page.getByRole('region', { name: 'All Reports' })).toHaveCount(0);
    await shoot(page, '01-empty');
  });

  await test.step('with reports it shows the figures the database computed', async () => {
    await createReports(page);
    await page.reload();
    await expect(statValue(page, 'total')).toHaveText('4');
    await expect(statValue(page, 'drafts')).toHaveText('3');
    await expect(statValue(page, 'finals')).toHaveText('1');
    await expect(statValue(page, 'jurisdictions')).toHaveText('8');
    await expect(page.getByTestId('average-mpg')).toHaveText('6.17');
    await expect(page.getByRole('progressbar', { name: /15 MPG is full/ })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((6.17 / 15) * 100)),
    );

    const latest = page.getByTestId('latest-activity');
    await expect(latest.getByRole('link', { name: 'Eastern Linehaul Q2' })).toBeVisible();
    await expect(latest).toContainText('Draft');
    await expect(latest).toContainText('2 jurisdictions');

    const over = page.getByTestId('overpurchase');
    await expect(over.getByRole('listitem')).toHaveText([/CA\s*-200\.0 gal/, /OK\s*-50\.0 gal/]);
    const under = page.getByTestId('underpurchase');
    await expect(under.getByRole('listitem')).toHaveText([/NV\s*\+150\.0 gal/, /IN\s*\+100\.0 gal/]);

    const chart = page.getByTestId('net-gallons-chart');
    await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(7); // FL is left out
    await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')).toHaveText([
      'CA',
      'OK',
      'IL',
      'AZ',
      'IN',
      'TX',
      'NV',
    ]);

    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).first()).toContainText('Eastern Linehaul Q2');
    await expect(row(page, 'Texas Run Q1')).toContainText('Final');
    await expect(row(page, 'Western Loop Q1')).toContainText('Q1-2025');
    await expect(row(page, 'Western Loop Q1').getByRole('cell').nth(3)).toHaveText('6.0');
    await expect(row(page, 'Western Loop Q1').getByRole('cell').nth(4)).toHaveText('3');
    await shoot(page, '02-overview');
  });

  await test.step('export saves the report as {name}_report.xlsx', async () => {
    const download = page.waitForEvent('download');
    await row(page, 'Texas Run Q1').getByRole('button', { name: 'Export Texas Run Q1 to Excel' }).click();
    expect((await download).suggestedFilename()).toBe('Texas Run Q1_report.xlsx');
  });

  await test.step('view opens the report', async () => {
    await row(page, 'Western Loop Q1').getByRole('button', { name: 'View Western Loop Q1' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await page.goBack();
    await expect(rows(page)).toHaveCount(4);
  });

  await test.step('deleting a filed return says it is one, and Cancel keeps it', async () => {
    await row(page, 'Texas Run Q1').getByRole('button', { name: 'Delete Texas Run Q1' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This is a filed return (final).');
    await expect(dialog).toContainText('file an amended return instead');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows(page)).toHaveCount(4);
  });

  await test.step('delete asks first, then every figure follows', async () => {
    await row(page, 'Eastern Linehaul Q2').getByRole('button', { name: 'Delete Eastern Linehaul Q2' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this report?');
    await shoot(page, '03-delete-confirm', false);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Report deleted')).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
    await expect(row(page, 'Eastern Linehaul Q2')).toHaveCount(0);
    await expect(statValue(page, 'total')).toHaveText('3');
    await expect(statValue(page, 'drafts')).toHaveText('2');
    await expect(page.getByTestId('average-mpg')).toHaveText('5.5');
    await expect(page.getByTestId('latest-activity').getByRole('link')).toHaveText('No MPG Draft');
    await expect(page.getByTestId('underpurchase').getByRole('listitem')).toHaveText([/NV/, /TX/]);
  });

  await test.step('on a phone the page fits the screen and the chart stays readable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('net-gallons-chart').locator('.recharts-bar-rectangle')).toHaveCount(5); // IL and IN went with the report
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar would otherwise land mid-screenshot
    await shoot(page, '04-phone');
    // Nothing makes the page itself scroll sideways (the table scrolls inside its own container).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Scrolled to its actions, the table keeps each report's name in view.
    const table = page.getByRole('region', { name: 'All Reports' });
    await table.scrollIntoViewIfNeeded();
    await table.locator('.MuiTableContainer-root').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(row(page, 'Texas Run Q1').getByRole('button', { name: 'Delete Texas Run Q1' })).toBeInViewport();
    await expect(row(page, 'Texas Run Q1').getByRole('cell').first()).toBeInViewport();
    await table.screenshot({ path: join(SCREENSHOTS, 'dashboard-05-phone-table-scrolled.png') });
  });

  await test.step('in Russian every block speaks Russian, on a phone and on a laptop', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const saved = await page.request.put('/api/protected/user/settings', {
      headers: { Authorization: `Bearer ${token}` },
      data: { language: 'ru' },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Отчёты IFTA' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Все отчёты' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Анализ топлива' })).toContainText('Перезакупка');
    await expect(page.getByRole('region', { name: 'Показатели автопарка' })).toContainText('Средний MPG');
    await expect(page.getByTestId('latest-activity')).toContainText('1 юрисдикция');
    await expect(rows(page).first()).toContainText('Черновик');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, '06-phone-ru');
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(page.getByTestId('net-gallons-chart').locator('.recharts-bar-rectangle')).toHaveCount(5);
    await shoot(page, '07-ru');
  });
});

test('a failed load shows the error and Retry brings the dashboard back', async ({ page }) => {
  await signUpAndSignIn(page);
  await page.route('**/api/protected/reports/stats', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"statusCode":503,"error":"Database is down"}',
    }),
  );
  await page.goto('/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: 'Error loading reports' });
  await expect(alert).toContainText('Database is down');
  await shoot(page, '08-error');
  await page.unroute('**/api/protected/reports/stats');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'No Reports Yet' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('the table shows 10 reports a page and stays on a page that exists after deletes', async ({ page }) => {
  await signUpAndSignIn(page);
  const reports = Array.from({ length: 11 }, (_, i) => ({
    name: `Trip ${String(i + 1).padStart(2, '0')}`,
    average_mpg: 6,
    status: 'draft',
    jurisdictions: [line('TX', 600, 50)],
  }));
  await createReports(page, reports);
  await page.goto('/dashboard');
  const pager = page.getByText(/^\d+-\d+ of \d+$/);
  await expect(rows(page)).toHaveCount(10);
  await expect(pager).toHaveText('1-10 of 11');
  await expect(rows(page).first()).toContainText('Trip 11'); // newest first

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(pager).toHaveText('11-11 of 11');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Trip 01');

  // Deleting the only report of the last page moves the table back to the page before it.
  await row(page, 'Trip 01').getByRole('button', { name: 'Delete Trip 01' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Report deleted')).toBeVisible();
  await expect(pager).toHaveText('1-10 of 10');
  await expect(rows(page)).toHaveCount(10);
  await expect(statValue(page, 'total')).toHaveText('10');
});
