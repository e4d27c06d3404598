import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { subscribeCompany } from './support/accounts';
import { tabTo } from './support/keyboard';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

const shoot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

const unique = Date.now().toString(36);
const company = `Blue Ridge Freight ${unique}`;
const email = `dispatch-${unique}@blueridge.example`;
const password = 'diesel-2025';

test.describe.configure({ mode: 'serial' });

test('a company registers, switches to Russian, and signs out and in again', async ({ page }) => {
  await test.step('a signed-out visitor to / lands on the login page', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByText('Save up to 80% of the time spent on IFTA reporting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
    await expect(page.locator('input[name=email]')).toBeFocused();
    await shoot(page, '01-login');
  });

  await test.step('register a company', async () => {
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('Minimum 6 characters')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await shoot(page, '02-register');

    // Reached with Tab alone, each field showing its focus (keyboard.spec.ts walks the rest of the app so).
    await tabTo(page, page.locator('input[name=company_name]'));
    await page.keyboard.type(company);
    await tabTo(page, page.locator('input[name=email]'));
    await page.keyboard.type(email);
    await tabTo(page, page.locator('input[name=password]'));
    await page.keyboard.type('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.locator('input[name=password]').fill(password);
    // Enter in the password field submits the form.
    await page.locator('input[name=password]').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Registration successful!')).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveText(company);
    // A new company must subscribe before it can work; subscriptions.spec.ts drives the modal itself.
    await subscribeCompany(page);
    await expect(page.getByRole('heading', { name: 'IFTA Reports' })).toBeVisible();
    await shoot(page, '03-dashboard');
  });

  await test.step('every private page of the bar opens', async () => {
    const pages: Array<[string, string, RegExp]> = [
      ['Calculator', 'IFTA Calculator', /\/calculator$/],
      ['Reports', 'IFTA Reports', /\/reports$/],
      ['Tax Rates', 'Tax Rate Management', /\/tax-rates$/],
    ];
    for (const [link, heading, url] of pages) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await shoot(page, `04-${link.toLowerCase().replace(' ', '-')}`);
    }
    await page.goto('/reports/42');
    await expect(page.getByText('Report not found')).toBeVisible();
  });

  await test.step('settings show every section and switch the UI to Russian', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
    for (const section of ['General Settings', 'Company Information', 'Notification Settings']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(page.locator('input[name=default_mpg]')).toHaveValue('7.5');
    await shoot(page, '05-settings');

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Русский' }).click();
    // The whole UI switches at once, before saving.
    await expect(page.getByRole('heading', { name: 'Настройки пользователя' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Панель' })).toBeVisible();

    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(toast(page, 'Настройки успешно сохранены!')).toBeVisible();
  });

  await test.step('a reload keeps the UI in Russian', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Настройки пользователя' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Общие настройки' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Язык' })).toHaveText('Русский');
    await expect(page.getByTestId('company-name')).toHaveText(company);
    await shoot(page, '06-settings-ru');
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Вы успешно вышли')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shoot(page, '07-login-ru');
  });

  await test.step('sign in again and get the saved language', async () => {
    // A fresh browser profile has no stored language: the saved setting must bring Russian back.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.locator('input[name=email]').fill(email.toUpperCase());
    await page.locator('input[name=password]').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('company-name')).toHaveText(company);
    await expect(page.getByRole('heading', { name: 'Отчёты IFTA' })).toBeVisible();
    await shoot(page, '08-dashboard-ru');
  });
});

test('a wrong password shows the server error text', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('toast').filter({ hasNotText: 'Login failed' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, '09-login-error');
});

test('a malformed or expired token is removed and the visitor goes to /login', async ({ page }) => {
  await page.goto('/login');
  const expired = `e30.${Buffer.from(JSON.stringify({ exp: 1000 })).toString('base64url')}.sig`;
  for (const token of ['not-a-jwt', expired]) {
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  }
});

test('a token the server refuses ends the session with a message', async ({ page }) => {
  await page.goto('/login');
  const forged = [
    Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url'),
    Buffer.from(JSON.stringify({ sub: 'nobody', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url'),
    'forged-signature',
  ].join('.');
  await page.evaluate((value) => localStorage.setItem('token', value), forged);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Session expired, please sign in again')).toBeVisible();
});
