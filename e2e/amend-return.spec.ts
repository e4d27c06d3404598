import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signUpAndSignIn } from './support/accounts';
import { api, seedReport } from './support/api';

/** No serious or critical axe-core violation, as e2e/accessibility.spec.ts holds every page to. */
const expectAccessible = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
};

interface Filed {
  id: string;
  name: string;
  amendment_number: number | null;
  return_of_record: boolean;
  amends_id: string | null;
}

/**
 * Amending a filed return as a person expects: "Amend return" on the return of record opens the calculator with
 * every line open and a banner naming the return, Save Final files "Amendment 1", whose detail shows its changes
 * from the return it amends, and the return of record is voided, never deleted.
 */
test('Amend return opens every line, files Amendment 1 with its changes, and the return of record has no Delete', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page);
  const name = `Amend Q3 - ${account.company}`;
  // An official return filed on time; rates typed on the lines, as a quarter without a matrix is filed.
  const original = await seedReport(page, {
    name,
    company_name: account.company,
    tax_period: 'Q3-2025',
    period: 'Q3-2025',
    average_mpg: 0,
    calculation_mode: 'official',
    status: 'final',
    filed_at: '2025-10-20',
    jurisdictions: [
      { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 500, tax_rate: 0.2 },
      { name: 'OK', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 500, tax_rate: 0.19 },
    ],
  });

  await page.goto(`/reports/${original.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('button', { name: 'Void…' })).toBeVisible();
  await page.getByRole('link', { name: 'Amend return' }).click();

  await expect(page).toHaveURL(/\/calculator\?edit=/);
  await expect(page.getByTestId('editing-banner')).toContainText(`Amending ${name}, filed `);
  // Every line is open at once: no pencil to click before typing.
  const totalMiles = page.getByLabel('Total Miles, line 1', { exact: true });
  await expect(totalMiles).toBeEditable();
  await expect(page.getByLabel('Total Miles, line 2', { exact: true })).toBeEditable();
  await totalMiles.fill('6000');
  await page.getByLabel('Taxable Miles, line 1', { exact: true }).fill('6000');
  await expect(totalMiles).toHaveValue('6000');

  await page.getByRole('button', { name: 'Save Final Report' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Final Report' }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} — Amendment 1`);
  const amendmentId = page.url().split('/').pop() as string;
  const amendment = await api<Filed>(page, 'GET', `/api/protected/reports/${amendmentId}`);
  expect(amendment).toMatchObject({ amendment_number: 1, return_of_record: true, amends_id: original.id });

  const changes = page.getByTestId('amendment-changes');
  await expect(page.getByRole('heading', { name: 'Changes from the return it amends' })).toBeVisible();
  await expect(changes.getByRole('columnheader')).toHaveText(['Jurisdiction', 'Original', 'Amended', 'Difference']);
  // More Texas miles on the same fuel: Texas owes more, Oklahoma's credit grows.
  await expect(changes.getByTestId('amendment-change-row').filter({ hasText: 'TX' })).toContainText('+$');
  await expect(changes.getByTestId('amendment-change-row').filter({ hasText: 'OK' })).toContainText('−$');
  await expect(changes.getByTestId('amendment-change-total')).toBeVisible();
  await expectAccessible(page);
  // The amendment is now the return of record: amended again from here, and voided by its owner, never deleted.
  await expect(page.getByRole('link', { name: 'Amend return' })).toBeVisible();
  await page.getByRole('button', { name: 'Void…' }).click();
  const dialog = page.getByRole('dialog', { name: `Void ${name} — Amendment 1` });
  await expect(dialog).toContainText('This return is the return of record for Q3-2025.');
  await expect(dialog.getByRole('button', { name: 'Void return' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('typo');
  await dialog.getByLabel('Reason').blur();
  await expect(dialog.getByText('Give a reason of at least 5 characters')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/reports');
  const rows = page.getByTestId('report-row');
  const amended = rows.filter({ hasText: `${name} — Amendment 1` });
  await expect(amended).toHaveCount(1);
  await expect(amended.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(amended.getByRole('button', { name: `Void ${name} — Amendment 1` })).toBeVisible();
  // The superseded original keeps its Delete, and is no longer offered for amending.
  const superseded = rows.filter({ hasNotText: 'Amendment 1' });
  await expect(superseded.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await expect(superseded.getByRole('link', { name: `Amend ${name}` })).toHaveCount(0);

  await page.goto(`/reports/${original.id}`);
  await expect(page.getByTestId('superseded-notice')).toContainText('Superseded by Amendment 1');
  await expect(page.getByRole('link', { name: 'Amend return' })).toHaveCount(0);
  await page.getByTestId('superseded-notice').getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${amendmentId}$`));

  // Voiding the amendment keeps it, says why, and makes the original the return of record again.
  await page.getByRole('button', { name: 'Void…' }).click();
  const voiding = page.getByRole('dialog', { name: `Void ${name} — Amendment 1` });
  await voiding.getByLabel('Reason').fill('Texas miles counted twice');
  await voiding.getByRole('button', { name: 'Void return' }).click();
  await expect(voiding).toBeHidden();
  await expect(page.getByTestId('voided-notice')).toContainText('Texas miles counted twice');
  await expect(page.getByTestId('voided-badge')).toHaveText('Voided');
  await expect(page.getByRole('button', { name: 'Void…' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Amend return' })).toHaveCount(0);
  await page.goto(`/reports/${original.id}`);
  await expect(page.getByTestId('superseded-notice')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Amend return' })).toBeVisible();
});
