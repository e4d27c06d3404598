import { test, expect } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { api, seedReport } from './support/api';

/**
 * The list asks the server for one page, so a report made 10,000 reports ago is found by a search and
 * counted in the tiles (the old list loaded the newest 1,000 and filtered them in the browser).
 */
test('the report list counts 10,001 reports and finds the one created 10,000 reports ago', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page);
  await seedReport(page, { name: 'Needle Haulage Q1', status: 'final' });
  // 10,000 newer reports, one in three final, written in one statement by a test-only route.
  await api(page, 'POST', '/api/test/reports/seed', { count: 10_000 });

  await page.goto('/reports');
  const count = (key: string) => page.getByTestId(`tile-${key}`).getByRole('paragraph').last();
  await expect(count('total')).toHaveText(/^10,?001$/);
  await expect(count('final')).toHaveText(/^3,?334$/);
  await expect(page.getByText(/Showing 1 to 25 of 10,?001 results/)).toBeVisible();
  await expect(page.getByText('Needle Haulage Q1')).toHaveCount(0);

  await page.getByPlaceholder('Name or company...').fill('needle');
  await expect(page.getByText('Needle Haulage Q1')).toBeVisible();
  await expect(count('total')).toHaveText('1');
  await expect(count('final')).toHaveText('1');
  await expect(count('drafts')).toHaveText('0');
  // The search is kept in the URL: a reload finds the same report.
  await page.reload();
  await expect(page.getByText('Needle Haulage Q1')).toBeVisible();
});
