import { test, expect } from '@playwright/test';
import { createCompany, newCompany, signInWithSession } from './support/accounts';

test('a report edit opens in the activity log as the before → after of the line it changed', async ({ page }) => {
  const owner = await createCompany(page.request, newCompany('Before After'));
  const auth = { Authorization: `Bearer ${owner.token}` };
  const line = { name: 'TX', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 100, tax_rate: 0.2 };
  const created = await page.request.post('/api/protected/reports', {
    headers: auth,
    data: {
      name: 'Before After Q2',
      company_name: owner.company,
      tax_period: 'Q2-2025',
      average_mpg: 5,
      status: 'draft',
      jurisdictions: [line],
    },
  });
  expect(created.status()).toBe(201);
  const report = (await created.json()) as { id: string };
  const edited = await page.request.put(`/api/protected/reports/${report.id}`, {
    headers: auth,
    data: { jurisdictions: [{ ...line, taxable_miles: 900 }] },
  });
  expect(edited.status()).toBe(200);

  await signInWithSession(page, owner);
  await page.goto('/audit-events');
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  // Only the edits: the action filter narrows the list.
  await page.getByLabel('Action').click();
  await page.getByRole('option', { name: 'Edited' }).click();
  const rows = page.getByTestId('audit-event');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Edited report');
  await expect(rows.first()).toContainText(owner.email);

  await rows.first().click();
  const detail = page.getByTestId('audit-event-detail');
  await expect(detail).toBeVisible();
  const change = detail.getByTestId('audit-change');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Line TX · Diesel');
  await expect(change.locator('td').nth(1)).toHaveText('Taxable miles: 1000');
  await expect(change.locator('td').nth(2)).toHaveText('Taxable miles: 900');
  await detail.getByRole('link', { name: 'Open the report' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${report.id}`));
});
