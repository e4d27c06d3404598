import { test, expect } from '@playwright/test';
import { createCompany, newCompany, signInWithSession } from './support/accounts';
import { tokenLinkMailedTo } from './support/mailbox';

test('the owner sees who prepared a report the bookkeeper created, and the company activity', async ({ page }) => {
  const owner = await createCompany(page.request, newCompany('Audited'));
  const email = newCompany('Books').email;
  const invited = await page.request.post('/api/protected/members/invitations', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { email, role: 'bookkeeper' },
  });
  expect(invited.status()).toBe(201);
  const accepted = await page.request.post('/api/auth/accept-invitation', {
    data: {
      token: new URL(await tokenLinkMailedTo(email, '/accept-invitation')).searchParams.get('token'),
      password: 'ledger-2026',
      name: 'Bea Books',
    },
  });
  expect(accepted.status()).toBe(200);
  const bookkeeper = (await accepted.json()) as { token: string };
  const created = await page.request.post('/api/protected/reports', {
    headers: { Authorization: `Bearer ${bookkeeper.token}` },
    data: {
      name: 'Audited Q2',
      company_name: owner.company,
      tax_period: 'Q2-2025',
      average_mpg: 5,
      status: 'draft',
      jurisdictions: [{ name: 'Texas', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 100, tax_rate: 0.2 }],
    },
  });
  expect(created.status()).toBe(201);
  const report = (await created.json()) as { id: string };

  await signInWithSession(page, owner);
  await page.goto(`/reports/${report.id}`);
  await expect(page.getByTestId('report-authors')).toContainText(`Prepared by ${email}`);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'View activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const createdRow = page.getByTestId('audit-event').filter({ hasText: 'Created report' });
  await expect(createdRow).toContainText(email);
});
