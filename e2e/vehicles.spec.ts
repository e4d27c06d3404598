import { test, expect } from '@playwright/test';
import { registerCompany } from './support/accounts';

/** A fuel-card statement whose headers the import recognises: V1 bought gasoline, T1 diesel. */
const FUEL = ['Date,Unit,State,Gallons,Fuel type', '2026-05-04,V1,TX,80,gasoline', '2026-05-04,T1,AR,300,diesel'].join(
  '\n',
);

test('the units of an imported fuel statement are vehicles with the fuel they bought, and a fuel type is edited', async ({
  page,
}) => {
  await registerCompany(page, undefined, '/records');

  await test.step('import the fuel statement', async () => {
    await page.getByRole('tab', { name: 'Fuel purchases' }).click();
    await page.getByRole('button', { name: 'Import fuel (CSV or .xlsx)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('records-file')
      .setInputFiles({ name: 'fuel.csv', mimeType: 'text/csv', buffer: Buffer.from(FUEL) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('import-preview')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('fuel-table').getByRole('row')).toHaveCount(3);
  });

  const row = (unit: string) => page.getByTestId('vehicle-row').filter({ hasText: unit });
  await test.step('the vehicles list shows each unit with the fuel it bought', async () => {
    await page.getByRole('link', { name: 'Vehicles', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
    await expect(page.getByTestId('vehicle-row')).toHaveCount(2);
    await expect(row('T1')).toContainText('Diesel');
    await expect(row('V1')).toContainText('Gasoline');
    await expect(row('V1')).toContainText('From its purchases');
  });

  await test.step('a wrong VIN is named under its field, then the fuel type is changed', async () => {
    await page.getByRole('button', { name: 'Edit vehicle V1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit vehicle' });
    await dialog.getByRole('textbox', { name: 'VIN' }).fill('1FUJGLDR12LM1234O');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('A VIN is 17 letters and digits, without I, O or Q')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'VIN' }).fill('1FUJGLDR12LM12345');
    await dialog.getByRole('combobox', { name: 'Fuel type' }).click();
    await page.getByRole('option', { name: 'Propane', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row('V1')).toContainText('Propane');
    await expect(row('V1')).toContainText('Set by you');
    await expect(row('V1')).toContainText('1FUJGLDR12LM12345');
    // What was saved is what the server keeps.
    await page.reload();
    await expect(row('V1')).toContainText('Propane');
  });

  await test.step("the checks before filing name the unit whose receipts disagree with its vehicle's fuel", async () => {
    await page.getByRole('link', { name: 'Trips & Fuel', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Build return' }).click();
    await page.getByRole('combobox', { name: 'Quarter' }).click();
    await page.getByRole('option', { name: 'Q2-2026', exact: true }).click();
    await expect(page.getByTestId('record-checks')).toContainText(
      'Unit V1 runs on Propane (its vehicle) and bought Gasoline (80 gal): its miles stay in the Propane schedule',
    );
    await page.getByTestId('record-checks').getByRole('link', { name: "Change a vehicle's fuel type" }).click();
    await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  });
});
