import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';
import { saveLanguage } from './support/screens';

/** The quarter the Records health page opens on: the last closed one. */
const lastQuarter = () => {
  const now = new Date();
  const current = Math.floor(now.getUTCMonth() / 3);
  const year = current === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const quarter = current === 0 ? 4 : current;
  const day = (d: number) => `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { label: `Q${quarter}-${year}`, day };
};

test('the Records health page shows the findings of a seeded fleet, opens one finding’s records, and acknowledges one', async ({
  page,
}) => {
  const { label, day } = lastQuarter();
  await signUpAndSignIn(page);
  await test.step('seed a fleet: MPG at 3.00, an odometer gap, and a receipt with no seller name or total', async () => {
    const trip = (body: Record<string, unknown>) => api(page, 'POST', '/api/protected/trips', body);
    const fuel = (body: Record<string, unknown>) =>
      api(page, 'POST', '/api/protected/fuel-purchases', {
        vendor: 'Pilot #12',
        vendor_address: '1200 I-35 N, Dallas TX',
        total_price: 380.5,
        ...body,
      });
    await fuel({ date: day(1), unit: 'MPG-1', jurisdiction: 'TX', quantity: 100, receipt_number: 'R-1' });
    await trip({ date: day(1), unit: 'MPG-1', jurisdiction: 'TX', miles: 300 });
    await fuel({ date: day(1), unit: 'GAP-1', jurisdiction: 'TX', quantity: 100, receipt_number: 'R-2' });
    await trip({
      date: day(1),
      unit: 'GAP-1',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 1000,
      odometer_end: 1300,
    });
    await trip({
      date: day(2),
      unit: 'GAP-1',
      jurisdiction: 'TX',
      miles: 300,
      odometer_start: 1350,
      odometer_end: 1650,
    });
    await fuel({ date: day(1), unit: 'RCPT-1', jurisdiction: 'TX', quantity: 100, vendor: '', total_price: null });
    await trip({ date: day(1), unit: 'RCPT-1', jurisdiction: 'TX', miles: 600 });
  });

  await test.step('the page lists the findings by check with the score they leave', async () => {
    await page.goto('/records');
    await page.getByRole('tab', { name: 'Records health' }).click();
    await expect(page.getByRole('combobox', { name: 'Quarter' })).toHaveText(label);
    await expect(page.getByRole('status', { name: `Records health score for ${label}: 78 out of 100` })).toBeVisible();
    await expect(page.getByTestId('health-finding')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Odometer gaps (1)' })).toBeVisible();
    await expect(page.getByTestId('check-odometer_gap')).toContainText('Unit GAP-1: 50 miles between odometer 1,300');
    await expect(page.getByTestId('check-mpg_out_of_band')).toContainText(
      'Unit MPG-1: 300 miles on 100 gallons is 3.00 MPG, outside 4–8.5',
    );
    await expect(page.getByTestId('check-receipt_missing_fields')).toContainText('has no seller name, total price');
  });

  await test.step('the page has no serious accessibility violation', async () => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  await test.step('a finding opens exactly its records in the Trips list', async () => {
    await page.getByTestId('check-odometer_gap').getByRole('link', { name: 'Open the 2 trips' }).click();
    await expect(page.getByRole('tab', { name: 'Trips', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Showing the 2 records of a finding')).toBeVisible();
    const rows = page.getByTestId('trips-table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'GAP-1' })).toHaveCount(2);
    await expect(rows.filter({ hasText: '1,350 – 1,650' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Show all records' }).click();
    await expect(page.getByTestId('trips-table').getByRole('row')).toHaveCount(5);
    await page.goBack();
    await page.goBack();
    await expect(page.getByTestId('health-finding')).toHaveCount(3);
  });

  await test.step('an acknowledged finding keeps its note and no longer lowers the score', async () => {
    await page
      .getByTestId('check-mpg_out_of_band')
      .getByRole('button', { name: /^Acknowledge: Unit MPG-1/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge the finding' });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Reefer unit idles at the dock');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status', { name: `Records health score for ${label}: 88 out of 100` })).toBeVisible();
    await expect(page.getByTestId('check-mpg_out_of_band')).toContainText('Reefer unit idles at the dock');
    await page.reload();
    await expect(page.getByTestId('check-mpg_out_of_band')).toContainText('Reefer unit idles at the dock');
  });

  await test.step('the checks before filing link to the Records health of their quarter', async () => {
    await page.getByRole('tab', { name: 'Build return' }).click();
    await page.getByRole('link', { name: /An auditor's checks of these records/ }).click();
    await expect(page.getByRole('tab', { name: 'Records health' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('health-finding')).toHaveCount(3);
  });

  await test.step('in Russian the page names the checks in Russian and stays accessible', async () => {
    await saveLanguage(page, 'ru');
    await page.goto(`/records?tab=health&period=${label}`);
    await expect(page.getByRole('tab', { name: 'Состояние записей' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Разрывы одометра (1)' })).toBeVisible();
    await expect(page.getByTestId('check-mpg_out_of_band')).toContainText('300 миль на 100 галлонах — это 3.00 MPG');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
