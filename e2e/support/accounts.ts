import { expect, type Page } from '@playwright/test';

export interface CompanyAccount {
  company: string;
  email: string;
  password: string;
}

/** A company no other test run has seen, so runs against a shared database never collide. */
export function newCompany(label: string): CompanyAccount {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    company: `${label} ${unique}`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique}@example.com`,
    password: 'diesel-2026',
  };
}

/**
 * Registers a company through the Register page and lands on /dashboard, ready to use every feature.
 * Specs that only need a working account call this rather than driving the form themselves, so that
 * what a new account must do before it can work (e.g. subscribe) is taught in one place.
 */
export async function registerCompany(
  page: Page,
  account: CompanyAccount = newCompany('Carrier'),
): Promise<CompanyAccount> {
  await page.goto('/register');
  await page.locator('input[name=company_name]').fill(account.company);
  await page.locator('input[name=email]').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}
