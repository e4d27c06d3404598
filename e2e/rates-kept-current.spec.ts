import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { api, type SeededReport } from './support/api';
import { publishedMatrixFile } from './support/ifta-published-file';
import { type OwnServer, ownServerPort, startOwnServer } from './support/own-server';
import { SCREENSHOTS } from './support/screenshots';
import { join } from 'node:path';

/**
 * IFTA publishes a quarter while a carrier has a draft and a filed return priced provisionally: the app's updater
 * (RATE_MATRIX_URL, here a local server holding IFTA's file) publishes it within one interval, the draft's banner
 * turns from provisional to published with a new total, and the filed return gets a notice on the dashboard whose
 * amended return is one confirmation away. On a server of its own: publishing 3Q2026 on the shared one would end the
 * provisional pricing other specs look at.
 */
const PORT = ownServerPort(37);
test.use({ baseURL: `http://localhost:${PORT}` });

let app: OwnServer | undefined;
let fixtures: Server | undefined;
/** What the fixture server answers for 3Q2026.csv: nothing (404) until the test "publishes" it. */
let matrix: Buffer | null = null;

test.beforeAll(async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  fixtures = createServer((req, res) => {
    if (matrix !== null && req.url?.endsWith('/3Q2026.csv'))
      res.writeHead(200, { 'content-type': 'text/csv' }).end(matrix);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fixtures!.listen(0, '127.0.0.1', resolve));
  const source = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}/taxmatrix/charts/{quarter}.csv`;
  app = await startOwnServer(testInfo, PORT, { RATE_MATRIX_URL: source, RATE_MATRIX_INTERVAL_MS: '1000' });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => (fixtures ? fixtures.close(resolve) : resolve(undefined)));
});

test('a published matrix reprices the draft and offers the filed return its amendment', async ({ page }) => {
  await signUpAndSignIn(page);
  const lines = [
    { name: 'CA', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 500 },
    { name: 'NV', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 2500 },
  ];
  const header = { company_name: 'Sierra Freight', tax_period: 'Q3-2026', calculation_mode: 'official' };
  const draft = await api<SeededReport>(page, 'POST', '/api/protected/reports', { ...header, jurisdictions: lines });
  await api(page, 'POST', '/api/protected/reports', {
    ...header,
    name: 'Q3-2026 as filed',
    status: 'final',
    filed_at: '2026-10-20',
    jurisdictions: lines,
  });

  let provisionalTotal = '';
  await test.step('the draft says its rates are provisional (from 2Q2026)', async () => {
    await page.goto(`/reports/${draft.id}`);
    await expect(page.getByTestId('provisional-rates-note')).toContainText('2Q2026');
    provisionalTotal = (await page.getByTestId('tax-summary-amount').textContent()) ?? '';
    expect(provisionalTotal).toMatch(/\$/);
  });

  await test.step('IFTA posts 3Q2026: within an interval the draft is priced with the published rates', async () => {
    // IFTA's own 3Q2026 file, served as IFTA serves it.
    matrix = publishedMatrixFile('3Q2026');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('tax-summary-amount')).toBeVisible();
      await expect(page.getByTestId('provisional-rates-note')).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000] });
    await expect(page.getByTestId('tax-summary-amount')).not.toHaveText(provisionalTotal);
    await page.screenshot({ path: join(SCREENSHOTS, 'rate-published-report.png') });
  });

  await test.step('the filed return has a notice with the difference, and files its amendment', async () => {
    await page.goto('/dashboard');
    const notice = page.getByTestId('rate-notices').getByRole('status');
    // CA: 1,500 net gallons x (0.9790 - 0.9710) = $12.00 more; Nevada's 0.2700 did not change.
    await expect(notice).toContainText("IFTA published 3Q2026's rates: Q3-2026 as filed now comes to");
    await expect(notice).toContainText('$12.00 more due');
    await page.screenshot({ path: join(SCREENSHOTS, 'rate-notice-dashboard.png') });
    await notice.getByRole('button', { name: 'File amended return' }).click();
    const dialog = page.getByRole('dialog', { name: 'File the amended return?' });
    await dialog.getByRole('button', { name: 'File amended return' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Amended return filed')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('next-due')).toBeVisible();
    await expect(page.getByTestId('rate-notices')).toHaveCount(0);
  });
});
