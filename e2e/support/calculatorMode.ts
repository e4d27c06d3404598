import type { Page } from '@playwright/test';

/** The calculator starts new reports as official returns; the spec's worksheet is one choice away. */
export async function chooseMode(page: Page, mode: 'Worksheet' | 'Official return'): Promise<void> {
  await page.getByRole('combobox', { name: 'Calculation' }).click();
  await page.getByRole('option', { name: new RegExp(`^${mode}`) }).click();
}
