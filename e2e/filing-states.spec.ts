import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { dueDateOf, formatIsoDate, periodOptions, todayIn } from '../backend/src/ifta/filing-calendar';
import { registerCompany } from './support/accounts';
import { api } from './support/api';
import { SCREENSHOTS } from './support/screenshots';

/** The theme's error red (frontend/src/theme): an overdue return is written in it. */
const ERROR_RED = 'rgb(185, 28, 28)';

test('an overdue quarter is red on the dashboard with its penalty, and Save Final on it warns it is late', async ({
  page,
}) => {
  await registerCompany(page);
  // Two quarters back is always past its due date, whatever today is: a draft there is an overdue return.
  const { periods } = periodOptions(todayIn('America/New_York', new Date()));
  const period = periods[2];
  const dueDate = dueDateOf(period) as string;
  const draft = await api<{ id: string }>(page, 'POST', '/api/protected/reports', {
    company_name: 'Overdue Freight',
    tax_period: period,
    calculation_mode: 'official',
    jurisdictions: [{ name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 100 }],
  });

  await test.step('the dashboard names the overdue quarter in red with the penalty and interest accruing', async () => {
    await page.goto('/dashboard');
    const due = page.getByTestId('return-due');
    await expect(due).toHaveAttribute('data-overdue', 'true');
    await expect(due).toContainText(`Return for ${period}`);
    await expect(page.getByTestId('next-due-date')).toHaveText(`Due ${formatIsoDate(dueDate, 'MM/DD/YYYY')}`);
    await expect(page.getByTestId('next-due-date')).toHaveCSS('color', ERROR_RED);
    await expect(page.getByTestId('next-due-days')).toHaveText(/^\d+ days? overdue$/);
    await expect(due.locator('[data-state="overdue"]')).toHaveText('Overdue');
    await expect(page.getByTestId('return-due-accruing')).toContainText(/Filing today adds a late penalty of \$\d/);
    await page.getByTestId('next-due').screenshot({ path: join(SCREENSHOTS, 'filing-states-01-overdue.png') });
  });

  await test.step('Save Final asks first and says the return is late and what it adds', async () => {
    await page.goto(`/calculator?edit=${draft.id}`);
    await expect(page.getByTestId('editing-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Save Final Report' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Save the final return for ${period}?`);
    await expect(page.getByTestId('late-final-warning')).toContainText(
      `This return is late: it was due ${formatIsoDate(dueDate, 'MM/DD/YYYY')}. Filing it today adds a late penalty of $`,
    );
    await dialog.screenshot({ path: join(SCREENSHOTS, 'filing-states-02-late-final.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/calculator/);

    await page.getByRole('button', { name: 'Save Final Report' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Final Report' }).click();
    await expect(page).toHaveURL(/\/reports$/);
  });

  await test.step('filed, the quarter is filed late on the dashboard', async () => {
    await page.goto('/dashboard');
    const quarter = page.getByTestId('recent-quarters').getByRole('listitem').filter({ hasText: period });
    await expect(quarter.locator('[data-state]')).toHaveAttribute('data-state', 'filed_late');
  });
});
