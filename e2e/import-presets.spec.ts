import { test, expect } from '@playwright/test';
import { registerCompany } from './support/accounts';

/**
 * A fuel-card export as the card's vendor documents it (Motive's fuel purchases: docs/imports.md), one of its lines
 * DEF and one bought in litres: the dialog recognises the layout, fills in its columns and leaves the DEF line out.
 */
const COLUMNS = 'id,purchased_at,jurisdiction,fuel_type,ref_no,vendor,fuel,fuel_unit,vehicle.number';
const CARD_EXPORT = [
  COLUMNS,
  "1,2026-04-03T14:05:00Z,TX,diesel,MC-1,Love's #512,120.5,gal,P-1",
  "2,2026-04-03T14:09:00Z,TX,def,MC-2,Love's #512,10,gal,P-1",
  '3,2026-04-05T08:00:00-04:00,ON,diesel,MC-3,Petro-Canada,200,l,P-2',
].join('\n');

test('a fuel-card export is recognised by its header row, its columns chosen, its DEF line left out', async ({
  page,
}) => {
  await registerCompany(page);
  await page.getByRole('link', { name: 'Trips & Fuel', exact: true }).click();
  await page.getByRole('tab', { name: 'Fuel purchases' }).click();
  await page.getByRole('button', { name: 'Import fuel (CSV or .xlsx)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('records-file')
    .setInputFiles({ name: 'fuel_purchases.csv', mimeType: 'text/csv', buffer: Buffer.from(CARD_EXPORT) });

  await test.step('the layout is recognised and its mapping applied, still editable', async () => {
    await expect(dialog.getByTestId('import-preset')).toHaveText(/^Recognised as Motive fuel purchases/);
    await expect(dialog.getByRole('combobox', { name: /^Gallons/ })).toHaveText('fuel');
    await expect(dialog.getByRole('combobox', { name: /^Unit/ })).toHaveText('vehicle.number');
    await expect(dialog.getByTestId('import-skipped')).toHaveText(/1 rows are left out.*: DEF 1$/);
    await expect(dialog.getByTestId('import-problems')).toHaveCount(0);
    await expect(dialog.getByTestId('import-preview').getByRole('row')).toHaveCount(3);
  });

  await test.step('it imports the two fuel lines, the litres as gallons', async () => {
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByTestId('fuel-table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText('52.834');
  });
});
