import { test, expect, type Page } from '@playwright/test';
import { registerCompany } from './support/accounts';

/** The account's own rates for 3Q2026: California's diesel $0.37 from 07/01, then $0.57 from 08/15 (Nevada unchanged). */
const Q3_2026 = [
  'code,name,country,row,unit,special_diesel,effective_from',
  'CA,California,USA,base,USD/gal,0.3700,2026-07-01',
  'CA,California,USA,base,USD/gal,0.5700,2026-08-15',
  'NV,Nevada,USA,base,USD/gal,0.2700,2026-07-01',
].join('\n');

const cards = (page: Page) => page.getByTestId('jurisdiction-card');

async function applyRates(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/protected/tax-rates-management/matrix/apply', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      quarter: 'Q3-2026',
      file: { name: 'q3-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(Q3_2026) },
    },
  });
  expect(response.ok()).toBe(true);
}

test('a jurisdiction whose rate changes inside the quarter is offered its second line, dated, and saves as two', async ({
  page,
}) => {
  await registerCompany(page);
  await applyRates(page);
  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await page.getByRole('combobox', { name: 'Tax Period' }).click();
  await page.getByRole('option', { name: 'Q3-2026', exact: true }).click();

  const addLine = async (state: RegExp, miles: string, gallons: string) => {
    await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
    const row = cards(page).last();
    await row.getByRole('combobox', { name: /State\/Province/ }).click();
    await page.getByRole('option', { name: state }).first().click();
    await row.getByRole('spinbutton', { name: /Total Miles/ }).fill(miles);
    await row.getByRole('spinbutton', { name: /Taxable Miles/ }).fill(miles);
    await row.getByRole('spinbutton', { name: /Gallons Purchased/ }).fill(gallons);
  };
  await addLine(/^California \(CA\)/, '9000', '1000');
  await addLine(/^Nevada \(NV\)/, '3000', '1000');

  // One California line for the whole quarter: the server would refuse it, so the calculator says why and offers
  // the line of the second period with its first day.
  const offer = page.getByTestId('rate-period-offer');
  await expect(offer).toContainText("CA's Diesel rate changes inside Q3-2026");
  await expect(offer).toContainText('07/01/2026 to 08/14/2026 at $0.3700; 08/15/2026 to 09/30/2026 at $0.5700');
  await offer.getByRole('button', { name: 'Add the CA line from 08/15/2026' }).click();
  await expect(offer).toHaveCount(0);
  await expect(cards(page)).toHaveCount(3);
  const periods = page.getByTestId('rate-period');
  await expect(periods).toHaveText(['07/01/2026 to 08/14/2026', '08/15/2026 to 09/30/2026']);

  // The new line is California's, its figures still to type: 6,000 of the 9,000 miles were driven after the change.
  const second = cards(page).last();
  await cards(page)
    .first()
    .getByRole('spinbutton', { name: /Total Miles/ })
    .fill('3000');
  await cards(page)
    .first()
    .getByRole('spinbutton', { name: /Taxable Miles/ })
    .fill('3000');
  await second.getByRole('spinbutton', { name: /Total Miles/ }).fill('6000');
  await second.getByRole('spinbutton', { name: /Taxable Miles/ }).fill('6000');
  await second.getByRole('spinbutton', { name: /Gallons Purchased/ }).fill('0');

  await page.getByRole('textbox', { name: 'IFTA License' }).focus();
  const saving = page.waitForResponse(
    (response) => response.url().endsWith('/api/protected/reports') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  const saved = await saving;
  expect(saved.status()).toBe(201);
  const lines = ((await saved.json()) as { jurisdictions: Array<Record<string, unknown>> }).jurisdictions;
  // 12,000 mi on 2,000 gal: fleet MPG 6. CA to 08/14: 500 gal - 1,000 = -500 x $0.37; NV the same at $0.27;
  // CA from 08/15: 6,000 / 6 = 1,000 - 0 = 1,000 x $0.57.
  expect(lines.map((line) => [line.code, line.rate_from, line.tax_rate, line.tax_due])).toEqual([
    ['CA', null, 0.37, (-500 * 37) / 100],
    ['NV', null, 0.27, (-500 * 27) / 100],
    ['CA', '2026-08-15', 0.57, (1000 * 57) / 100],
  ]);

  // The saved return shows each California line's days in its schedule.
  const { id } = (await saved.json()) as { id: string };
  await page.goto(`/reports/${id}`);
  await expect(page.getByTestId('jurisdiction-row').getByTestId('rate-period')).toHaveText([
    ' (07/01/2026 to 08/14/2026)',
    ' (08/15/2026 to 09/30/2026)',
  ]);
});
