import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { registerCompany, signUpAndSignIn } from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';

/** An ELD trip export and a fuel-card statement whose headers the product has never seen. */
const TRIPS = [
  'Day,Truck,Where,Dist,Counts',
  '2026-04-03,T1,TX,6000,yes',
  '2026-05-10,T1,OK,3000,yes',
  '2026-06-02,T2,TX,1000,yes',
].join('\n');
const FUEL = ['When,Card Unit,St,Vol,Taxed,Ticket', '2026-04-03,T1,TX,1000,Y,R1', '2026-05-11,T1,OK,500,Y,R2'].join(
  '\n',
);

async function importFile(page: Page, button: string, name: string, csv: string, mapping: Record<string, string>) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('records-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // Unknown headers: the server guesses what it can, says what is missing, and the carrier maps the rest.
  await expect(dialog.getByRole('heading', { name: 'Columns' })).toBeVisible();
  for (const [field, header] of Object.entries(mapping)) {
    await dialog.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
    await page.getByRole('option', { name: header, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('import-problems')).toHaveCount(0);
  await expect(dialog.getByTestId('import-preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a carrier imports trips and fuel, maps the columns, sees the checks, builds the Q2-2026 return and exports it', async ({
  page,
}) => {
  await registerCompany(page);
  await test.step('open Trips & Fuel', async () => {
    await page.getByRole('link', { name: 'Trips & Fuel', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Trips & Fuel' })).toBeVisible();
    await expect(page.getByText('No trips yet. Import a trip log to start.')).toBeVisible();
  });

  await test.step('import the trip log with a column mapping', async () => {
    await importFile(page, 'Import trips (CSV or .xlsx)', 'eld-trips.csv', TRIPS, {
      Date: 'Day',
      Unit: 'Truck',
      Jurisdiction: 'Where',
      Miles: 'Dist',
      'Taxable \\(yes/no\\)': 'Counts',
    });
    await expect(page.getByTestId('trips-table').getByRole('row')).toHaveCount(4);
  });

  await test.step('correct one trip by hand', async () => {
    await page.getByRole('button', { name: /^Edit the record of .*, unit T2$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit trip' });
    await dialog.getByRole('spinbutton', { name: 'Miles' }).fill('1200');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('trips-table')).toContainText('1,200');
  });

  await test.step('import the fuel statement with a column mapping', async () => {
    await page.getByRole('tab', { name: 'Fuel purchases' }).click();
    await importFile(page, 'Import fuel (CSV or .xlsx)', 'fuel-card.csv', FUEL, {
      Date: 'When',
      Unit: 'Card Unit',
      Jurisdiction: 'St',
      Gallons: 'Vol',
      'Tax paid \\(yes/no\\)': 'Taxed',
      'Receipt number': 'Ticket',
    });
    await expect(page.getByTestId('fuel-table').getByRole('row')).toHaveCount(3);
    await page.screenshot({ path: join(SCREENSHOTS, 'records-fuel.png'), fullPage: true });
  });

  await test.step('see the checks and build the Q2-2026 return', async () => {
    await page.getByRole('tab', { name: 'Build return' }).click();
    await page.getByRole('combobox', { name: 'Quarter' }).click();
    await page.getByRole('option', { name: 'Q2-2026', exact: true }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    // T1: 9,000 miles on 1,500 gallons = 6.00 MPG, fine; T2 drove 1,200 miles with no fuel.
    await expect(page.getByTestId('record-checks')).toHaveText(/Unit T2: 1,200 miles and no fuel/);
    await expect(page.getByTestId('return-lines').getByRole('row')).toHaveCount(3);
    await page.screenshot({ path: join(SCREENSHOTS, 'records-build.png'), fullPage: true });
    await page.getByRole('button', { name: 'Build the draft return' }).click();
    await page.getByRole('link', { name: 'Open the report' }).click();
  });

  await test.step('open the built return and export it', async () => {
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    // OK and TX, whole miles: 6,000 + 1,200 in Texas.
    await expect(page.getByText('7,200').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /Export/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});

test('the trips list fits a phone', async ({ page }) => {
  await signUpAndSignIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/records');
  await expect(page.getByRole('heading', { name: 'Trips & Fuel' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(SCREENSHOTS, 'phone-records.png'), fullPage: true });
});

test('a trip is added by hand (a mistake is named and kept in the form), and the template downloads', async ({
  page,
}) => {
  await registerCompany(page, undefined, '/records');
  await test.step('add a trip by hand, correcting an unknown jurisdiction the server names', async () => {
    await page.getByRole('button', { name: 'Add trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'New trip' });
    await dialog.getByLabel('Date').fill('2026-05-04');
    await dialog.getByLabel('Unit').fill('T9');
    await dialog.getByLabel('Jurisdiction', { exact: true }).fill('ZZ');
    await dialog.getByRole('spinbutton', { name: 'Miles' }).fill('321');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('ZZ');
    await expect(dialog.getByLabel('Unit')).toHaveValue('T9');
    await dialog.getByLabel('Jurisdiction', { exact: true }).fill('NM');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('trips-table')).toContainText('T9');
    await expect(page.getByTestId('trips-table')).toContainText('321');
  });

  await test.step('download the trip template as .xlsx', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download a template to fill in' }).click();
    await page.getByRole('menuitem', { name: 'Excel template (.xlsx)' }).click();
    expect((await download).suggestedFilename()).toBe('trips-template.xlsx');
  });
});
