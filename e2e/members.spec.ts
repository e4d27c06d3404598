import { test, expect, type APIRequestContext } from '@playwright/test';
import {
  createCompany,
  newCompany,
  registerCompany,
  signInWithSession,
  type SignedUpCompany,
} from './support/accounts';
import { seedReport } from './support/api';
import { tokenLinkMailedTo } from './support/mailbox';

const inviteThroughApi = async (request: APIRequestContext, owner: SignedUpCompany, email: string, role: string) => {
  const response = await request.post('/api/protected/members/invitations', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { email, role },
  });
  expect(response.status()).toBe(201);
};

test("an owner invites a bookkeeper by e-mail, who joins and sees the company's dashboard", async ({
  page,
  browser,
}) => {
  const owner = await registerCompany(page, newCompany('Team'), '/settings');
  await seedReport(page, { name: 'Team Shared Q2' });
  const email = newCompany('Bookkeeper').email;

  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByTestId('member-row')).toContainText(owner.email);
  await members.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.locator('input[name=invite-email]').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(members.getByTestId('invitation-row')).toContainText(email);

  const link = await tokenLinkMailedTo(email, '/accept-invitation');
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Join your company' })).toBeVisible();
  await invitee.locator('input[name=name]').fill('Dana Books');
  await invitee.locator('input[name=password]').fill('ledger-2026');
  await invitee.getByRole('button', { name: 'Join' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByTestId('latest-activity').getByRole('link', { name: 'Team Shared Q2' })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(members.getByTestId('member-row')).toHaveCount(2);
  await expect(members.getByTestId('member-row').nth(1)).toContainText('Dana Books');
  await expect(members.getByTestId('invitation-row')).toHaveCount(0);
});

test("a viewer is offered neither Save in the calculator nor a report's Delete", async ({ page }) => {
  const owner = await createCompany(page.request, newCompany('Viewing'));
  const seeded = await page.request.post('/api/protected/reports', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: {
      name: 'Viewed Q2',
      company_name: owner.company,
      tax_period: 'Q2-2025',
      period: 'Q2-2025',
      average_mpg: 5,
      status: 'draft',
      jurisdictions: [{ name: 'Texas', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 100, tax_rate: 0.2 }],
    },
  });
  expect(seeded.status()).toBe(201);
  const email = newCompany('Viewer').email;
  await inviteThroughApi(page.request, owner, email, 'viewer');
  const token = new URL(await tokenLinkMailedTo(email, '/accept-invitation')).searchParams.get('token');
  const accepted = await page.request.post('/api/auth/accept-invitation', {
    data: { token, password: 'viewer-2026', name: 'Val Viewer' },
  });
  expect(accepted.status()).toBe(200);
  const session = (await accepted.json()) as Pick<SignedUpCompany, 'token' | 'user'>;
  await signInWithSession(page, { ...owner, ...session, email, password: 'viewer-2026' });
  await page.goto('/calculator');
  await expect(page.getByTestId('subscription-checking')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Final Report' })).toHaveCount(0);

  await page.goto('/reports');
  await expect(page.getByRole('link', { name: 'View Viewed Q2' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Viewed Q2' })).toHaveCount(0);
});

test("an owner changes a member's role, removes the member and revokes a pending invitation", async ({ page }) => {
  const owner = await registerCompany(page, newCompany('Roster'), '/settings');
  const joining = newCompany('Joining').email;
  await inviteThroughApi(page.request, owner, joining, 'viewer');
  const token = new URL(await tokenLinkMailedTo(joining, '/accept-invitation')).searchParams.get('token');
  const accepted = await page.request.post('/api/auth/accept-invitation', {
    data: { token, password: 'viewer-2026', name: 'Rita Roster' },
  });
  expect(accepted.status()).toBe(200);
  const pending = newCompany('Pending').email;
  await inviteThroughApi(page.request, owner, pending, 'bookkeeper');
  await page.reload();

  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByTestId('member-row')).toHaveCount(2);
  await expect(members.getByTestId('invitation-row')).toContainText(pending);

  await members.getByRole('combobox', { name: 'Role of Rita Roster' }).click();
  await page.getByRole('option', { name: 'Bookkeeper' }).click();
  await expect(page.getByText('Role changed')).toBeVisible();
  await page.reload();
  await expect(members.getByRole('combobox', { name: 'Role of Rita Roster' })).toHaveText('Bookkeeper');

  await members.getByRole('button', { name: 'Remove Rita Roster' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member removed')).toBeVisible();
  await expect(members.getByTestId('member-row')).toHaveCount(1);

  await members.getByRole('button', { name: `Revoke the invitation of ${pending}` }).click();
  await expect(page.getByText('Invitation revoked')).toBeVisible();
  await expect(members.getByTestId('invitation-row')).toHaveCount(0);
});
