import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompany, newCompany, signInWithSession } from './support/accounts';

/** The app's data folder, which scripts/e2e-server.mjs names in a file beside the system's temporary folders. */
const outbox = () =>
  join(readFileSync(join(tmpdir(), `ifta-e2e-${process.env.E2E_PORT ?? 3100}.data-dir`), 'utf8').trim(), 'outbox');

const decode = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The token of the invitation e-mailed to `email`, read from the outbox as the invitee's mailbox would show it. */
async function invitationTokenFor(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(() => {
      const dir = outbox();
      const mail = existsSync(dir)
        ? readdirSync(dir)
            .map((file) => decode(readFileSync(join(dir, file), 'utf8')))
            .find((text) => text.includes(`To: ${email}`) && text.includes('/accept-invitation?token='))
        : undefined;
      token = mail ? /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
      return token;
    })
    .toBeTruthy();
  return token as string;
}

test('the owner sees who prepared a report the bookkeeper created, and the company activity', async ({ page }) => {
  const owner = await createCompany(page.request, newCompany('Audited'));
  const email = newCompany('Books').email;
  const invited = await page.request.post('/api/protected/members/invitations', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { email, role: 'bookkeeper' },
  });
  expect(invited.status()).toBe(201);
  const accepted = await page.request.post('/api/auth/accept-invitation', {
    data: { token: await invitationTokenFor(email), password: 'ledger-2026', name: 'Bea Books' },
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
  const createdRow = page.getByTestId('audit-event').filter({ hasText: 'Created report Audited Q2' });
  await expect(createdRow).toContainText(email);
});
