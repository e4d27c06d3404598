import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    // Motive's layout comes from its API reference alone: the dialog says no real file confirms it.
    await expect(dialog.getByTestId('import-preset-unconfirmed')).toHaveText(
      'This layout is not yet confirmed on a real file: check the columns and the first rows below.',
    );
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

/** A real card export (backend/test/fixtures/vendor-exports/README.md): snack, tax and odd lines among 1,479 rows. */
const REAL_EXPORT = readFileSync(
  join(process.cwd(), 'backend', 'test', 'fixtures', 'vendor-exports', 'wex-transactions-redacted.csv'),
);

test('a real card export: its odd lines are asked about in the preview, then every good row imports', async ({
  page,
}) => {
  await registerCompany(page);
  await page.getByRole('link', { name: 'Trips & Fuel', exact: true }).click();
  await page.getByRole('tab', { name: 'Fuel purchases' }).click();
  await page.getByRole('button', { name: 'Import fuel (CSV or .xlsx)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('records-file')
    .setInputFiles({ name: 'charges.csv', mimeType: 'text/csv', buffer: REAL_EXPORT });
  await expect(dialog.getByTestId('import-preset')).toHaveText(/^Recognised as WEX transactions/);
  await expect(dialog.getByTestId('import-preset-unconfirmed')).toHaveCount(0);

  await test.step('the card number is chosen as the unit, and the preview asks about three values', async () => {
    await dialog.getByRole('combobox', { name: /^Unit \(required\)/ }).click();
    await page.getByRole('option', { name: 'Card Number', exact: true }).click();
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(dialog.getByTestId('import-skipped')).toContainText('4 rows are left out');
    await expect(dialog.getByTestId('import-skipped-rows')).toContainText('"Salty Snacks" is merchandise');
    const unresolved = dialog.getByTestId('import-unresolved');
    await expect(unresolved.getByRole('combobox')).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  });

  await test.step('each is answered, previewed again, and the file imports', async () => {
    const choose = async (label: RegExp, option: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose(/^Product "Future Defined"/, 'Leave these rows out');
    await choose(/^Unit "CI"/, 'Leave these rows out');
    await choose(/^Total "DQ"/, 'Keep the purchase without this total');
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(dialog.getByTestId('import-problems')).toHaveCount(0);
    await expect(dialog.getByTestId('import-unresolved')).toHaveCount(0);
    await expect(dialog.getByTestId('import-skipped')).toContainText('7 rows are left out');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    // One row repeats another's unit, day, state and gallons: skipped as a duplicate, as the dialog offers.
    await expect(page.getByText(/1,?471 records imported, 1 duplicates skipped/)).toBeVisible();
  });
});
