import { test, expect } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';

interface TripSheets {
  data: Array<Record<string, unknown>>;
}

test('the trip form keeps a trip number, driver, origin and destination, and the trip sheets group by them', async ({
  page,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const month = new Date().getUTCMonth();
  const period = `Q${Math.floor(month / 3) + 1}-${new Date().getUTCFullYear()}`;
  await signUpAndSignIn(page);
  await page.goto('/records');
  await page.getByRole('button', { name: 'Add trip' }).click();
  const dialog = page.getByRole('dialog', { name: 'New trip' });
  await dialog.getByLabel('Date').fill(today);
  await dialog.getByLabel('Unit', { exact: true }).fill('TS-1');
  await dialog.getByLabel('Jurisdiction', { exact: true }).fill('TX');
  await dialog.getByLabel('Miles').fill('120.5');
  await dialog.getByLabel('Trip number').fill('TR-77');
  await dialog.getByLabel('Driver').fill('J. Smith');
  await dialog.getByLabel('Origin city').fill('Dallas');
  await dialog.getByLabel('Origin jurisdiction').fill('Texas');
  await dialog.getByLabel('Destination city').fill('Tulsa');
  await dialog.getByLabel('Destination jurisdiction').fill('OK');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // A second segment of the same trip, through the API: the sheet joins them.
  await api(page, 'POST', '/api/protected/trips', {
    date: today,
    unit: 'TS-1',
    jurisdiction: 'OK',
    miles: 80,
    trip_number: 'TR-77',
  });
  const sheets = await api<TripSheets>(page, 'GET', `/api/protected/records/trip-sheets?period=${period}`);
  expect(sheets.data).toEqual([
    expect.objectContaining({
      trip_number: 'TR-77',
      unit: 'TS-1',
      driver: 'J. Smith',
      origin_city: 'Dallas',
      origin_jurisdiction: 'TX',
      destination_city: 'Tulsa',
      destination_jurisdiction: 'OK',
      total_miles: 200.5,
    }),
  ]);
});
