import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';

/** The quarter the Trips & Fuel tabs open on: the last closed one. */
const lastQuarter = () => {
  const now = new Date();
  const current = Math.floor(now.getUTCMonth() / 3);
  const year = current === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const quarter = current === 0 ? 4 : current;
  const day = (d: number) => `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { label: `Q${quarter}-${year}`, day };
};

test('the By vehicle tab shows a seeded fleet’s miles, gallons and MPG, filters by unit, and exports', async ({
  page,
}) => {
  const { label, day } = lastQuarter();
  await signUpAndSignIn(page);
  await test.step('seed a diesel tractor (6.48 MPG) and a gasoline van (9.24 MPG)', async () => {
    const trip = (body: Record<string, unknown>) => api(page, 'POST', '/api/protected/trips', body);
    const fuel = (body: Record<string, unknown>) => api(page, 'POST', '/api/protected/fuel-purchases', body);
    await fuel({ date: day(1), unit: 'BV-1', jurisdiction: 'TX', quantity: 60.25, fuel_type: 'diesel' });
    await fuel({ date: day(2), unit: 'BV-1', jurisdiction: 'OK', quantity: 40, fuel_type: 'diesel' });
    await trip({ date: day(1), unit: 'BV-1', jurisdiction: 'TX', miles: 412.5 });
    await trip({ date: day(2), unit: 'BV-1', jurisdiction: 'OK', miles: 237.5 });
    await fuel({ date: day(3), unit: 'BV-2', jurisdiction: 'KY', quantity: 32.5, fuel_type: 'gasoline' });
    await trip({ date: day(3), unit: 'BV-2', jurisdiction: 'KY', miles: 300.25 });
  });

  await test.step('the tab lists each unit’s jurisdictions and totals with its MPG', async () => {
    await page.goto('/records');
    await page.getByRole('tab', { name: 'By vehicle' }).click();
    await expect(page.getByRole('combobox', { name: 'Quarter' })).toHaveText(label);
    const table = page.getByRole('table', { name: `Miles, gallons and MPG by vehicle for ${label}` });
    await expect(table.getByRole('row')).toHaveCount(6);
    const bv1 = page.locator('[data-testid="unit-total"][data-unit="BV-1"]');
    await expect(bv1).toContainText('650');
    await expect(bv1).toContainText('100.25');
    await expect(bv1.getByTestId('unit-mpg')).toHaveText('6.48');
    await expect(page.locator('[data-testid="unit-total"][data-unit="BV-2"]').getByTestId('unit-mpg')).toHaveText(
      '9.24',
    );
  });

  await test.step('the unit filter narrows the list to one unit', async () => {
    await page.getByRole('textbox', { name: 'Unit' }).fill('BV-2');
    await expect(page.getByTestId('unit-total')).toHaveCount(1);
    await expect(page.getByTestId('unit-mpg')).toHaveText('9.24');
    await page.getByRole('textbox', { name: 'Unit' }).fill('');
    await expect(page.getByTestId('unit-total')).toHaveCount(2);
  });

  await test.step('Export CSV downloads the same lines and totals', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`by-vehicle-${label}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/).filter(Boolean)).toEqual([
      'Unit,Fuel type,Jurisdiction,Miles,Taxable miles,Gallons,MPG',
      'BV-1,diesel,OK,237.5,237.5,40,6.48',
      'BV-1,diesel,TX,412.5,412.5,60.25,6.48',
      'BV-1,diesel,Total,650,650,100.25,6.48',
      'BV-2,gasoline,KY,300.25,300.25,32.5,9.24',
      'BV-2,gasoline,Total,300.25,300.25,32.5,9.24',
    ]);
  });
});
