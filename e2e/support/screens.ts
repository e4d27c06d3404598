import { expect, type Page } from '@playwright/test';
import { api, seedReport } from './api';

/** Every page a person can reach, in the app's two languages (docs/product-spec.md §2). */
export const SIGNED_OUT_PAGES = ['/login', '/register', '/terms', '/privacy'];
export const SIGNED_IN_PAGES = [
  '/dashboard',
  '/calculator',
  '/reports',
  '/reports/:id',
  '/tax-rates',
  '/records',
  '/vehicles',
  '/client-companies',
  '/settings',
  '/nowhere',
];
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language the login page and a signed-out visit use: react-admin's stored locale. */
export const storedLanguage = (language: Language) => ({ 'RaStore.locale': JSON.stringify(language) });
export const useStoredLanguage = (page: Page, language: Language) =>
  page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storedLanguage(language));

/** A signed-in company's language is its saved setting (it wins over the stored one at sign-in). */
export const saveLanguage = async (page: Page, language: Language) => {
  const settings = await api<Record<string, unknown>>(page, 'GET', '/api/protected/user/settings');
  await api(page, 'PUT', '/api/protected/user/settings', { ...settings, language });
  await useStoredLanguage(page, language);
};

/** One report with lines, so the list, detail and dashboard pages have something to show. */
export const seedScreens = async (page: Page) => seedReport(page, { name: 'Screens Q2' });

/** Opens a page and waits until it has settled (spinners gone). */
export const openPage = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.locator('main, #root').first()).toBeVisible();
  // Spinners only: a determinate bar (the dashboard's MPG gauge) carries aria-valuenow and stays.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('subscription-checking')).toHaveCount(0);
};
