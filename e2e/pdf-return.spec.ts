import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';
import { renderPdfPage } from './support/pdf-page';
import { SCREENSHOTS } from './support/screenshots';

/**
 * A late official return whose penalty and interest depend on its surcharges: Q3-2025 (due 2025-10-31) filed
 * 2025-12-15, two months late, with Kentucky's and Virginia's surcharges: tax and surcharges $1,113.70, penalty
 * $111.37, interest $42.85, $1,267.92 to remit.
 */
const LATE_RETURN = {
  name: 'Late PDF return',
  company_name: 'Acme Freight LLC',
  license_number: 'KY-998877',
  tax_period: 'Q3-2025',
  calculation_mode: 'official',
  status: 'final',
  filed_at: '2025-12-15',
  jurisdictions: [
    {
      name: 'KY',
      total_miles: 120000,
      taxable_miles: 120000,
      gallons_purchased: 2000,
      tax_rate: 0.22,
      surcharge_rate: 0.105,
    },
    {
      name: 'VA',
      total_miles: 60000,
      taxable_miles: 60000,
      gallons_purchased: 3000,
      tax_rate: 0.327,
      surcharge_rate: 0.143,
    },
    { name: 'TN', total_miles: 40000, taxable_miles: 40000, gallons_purchased: 9000, tax_rate: 0.27 },
  ],
};

test('the downloaded PDF return’s first page shows the total to remit the detail shows', async ({ page }, testInfo) => {
  await signUpAndSignIn(page);
  const report = await api<{ id: string }>(page, 'POST', '/api/protected/reports', LATE_RETURN);
  await page.goto(`/reports/${report.id}`);
  const remit = page.getByTestId('total-to-remit-amount');
  await expect(remit).toHaveText('$1,267.92');
  const onScreen = await remit.innerText();
  const due = await page.getByTestId('tax-summary-amount').innerText();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const bytes = readFileSync(await download.path());
  const screenshot = join(SCREENSHOTS, 'official-return-pdf-page-1.png');
  const first = await renderPdfPage(page, bytes, screenshot);
  await testInfo.attach('PDF page 1', { path: screenshot, contentType: 'image/png' });

  // The return's figures as the detail shows them, on the page a reader opens first.
  expect(first.text).toContain('IFTA Quarterly Fuel Tax Return');
  expect(first.text).toContain(`Total due (tax and surcharges) ${due}`);
  expect(first.text).toContain(`Total to Remit ${onScreen}`);
  // The summary page closes on the same total to remit.
  expect(first.pages).toBeGreaterThan(1);
  const last = await renderPdfPage(page, bytes, join(SCREENSHOTS, 'official-return-pdf-summary.png'), first.pages);
  expect(last.text).toContain(`Total to Remit ${onScreen}`);
});
