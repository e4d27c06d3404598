import { test, expect } from '@playwright/test';
import { createCompany, newCompany, registerCompany } from './support/accounts';
import { saveLanguage, useStoredLanguage } from './support/screens';
import { toast } from './support/toast';

test("a Russian account sees the server's refusal in Russian on the Settings page", async ({ page }) => {
  await registerCompany(page, newCompany('Russian'), '/settings');
  await saveLanguage(page, 'ru');
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Смена пароля' });
  await expect(form).toBeVisible();

  await form.locator('input[name=current-password]').fill('not-the-password');
  await form.locator('input[name=new-password]').fill('fresh-diesel-1');
  await form.locator('input[name=confirm-password]').fill('fresh-diesel-1');
  await form.getByRole('button', { name: 'Сменить пароль' }).click();

  // The server's own sentence (current_password is not your current password), in the account's language.
  await expect(toast(page, 'current_password не совпадает с вашим текущим паролем')).toBeVisible();
  await expect(page.getByText('is not your current password')).toHaveCount(0);
});

test('the login page in Russian gets a wrong password refused in Russian', async ({ page }) => {
  const account = await createCompany(page.request, newCompany('Signed Out'));
  await page.goto('/login');
  await useStoredLanguage(page, 'ru');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Вход в аккаунт' })).toBeVisible();

  await page.locator('input[name=email]').fill(account.email);
  await page.locator('input[name=password]').fill('not-the-password');
  await page.getByRole('button', { name: 'Войти' }).click();

  await expect(toast(page, 'Неверный e-mail или пароль')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});
