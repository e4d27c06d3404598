import { test, expect, type Page } from '@playwright/test';
import { createCompany, newCompany, registerCompany } from './support/accounts';
import { tokenLinkMailedTo } from './support/mailbox';

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

test('forgot password: the e-mailed link sets a new password once, and the old one stops working', async ({ page }) => {
  const account = await createCompany(page.request, newCompany('Reset'));
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.locator('input[name=email]').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('a link to reset its password is on its way')).toBeVisible();

  const link = await tokenLinkMailedTo(account.email, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.locator('input[name=new-password]').fill('fresh-diesel-1');
  await page.locator('input[name=confirm-password]').fill('fresh-diesel-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.locator('input[name=confirm-password]').fill('fresh-diesel-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.email, account.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, account.email, 'fresh-diesel-1');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.locator('input[name=new-password]').fill('third-diesel-1');
  await page.locator('input[name=confirm-password]').fill('third-diesel-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired')).toBeVisible();
});

test('password change in Settings needs the current password and signs the other devices out', async ({
  page,
  browser,
}) => {
  const account = await registerCompany(page, newCompany('Change'), '/settings');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, account.email, account.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.locator('input[name=current-password]').fill('not-my-password');
  await form.locator('input[name=new-password]').fill('changed-diesel-1');
  await form.locator('input[name=confirm-password]').fill('changed-diesel-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('current_password is not your current password')).toBeVisible();

  await form.locator('input[name=current-password]').fill(account.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other devices were signed out.')).toBeVisible();

  // This browser stays signed in; the other one is sent to the login page on its next request.
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  // Sign-out ends the token on the server: reusing it answers 401.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const status = await page.evaluate(
    async (bearer) => (await fetch('/api/protected/ping', { headers: { Authorization: `Bearer ${bearer}` } })).status,
    token,
  );
  expect(status).toBe(401);
});
