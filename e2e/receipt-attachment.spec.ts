import { test, expect } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';
import { solidPng } from '../backend/test/helpers/png';

test('a receipt image is attached to a fuel purchase, listed with it, and viewed', async ({ page }) => {
  const today = new Date().toISOString().slice(0, 10);
  await signUpAndSignIn(page);
  await page.goto('/records');
  await api(page, 'POST', '/api/protected/fuel-purchases', {
    date: today,
    unit: 'RC-1',
    jurisdiction: 'TX',
    quantity: 42,
  });
  await page.getByRole('tab', { name: 'Fuel purchases' }).click();
  const table = page.getByTestId('fuel-table');
  await table.getByRole('button', { name: /^Edit the record of .*, unit RC-1$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit fuel purchase' });
  await expect(dialog.getByTestId('receipt-attachment-file')).toHaveText('No receipt attached');
  const png = solidPng(24, 16, [255, 0, 0]);
  await dialog.getByTestId('receipt-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByTestId('receipt-attachment-file')).toHaveText(/^PNG, \d+\.\d KB$/);

  await dialog.getByRole('button', { name: 'View' }).click();
  const viewer = page.getByRole('dialog', { name: 'Receipt' });
  const image = viewer.getByRole('img', { name: 'Receipt' });
  await expect(image).toBeVisible();
  // The bytes came back and decoded as the image sent: 24 pixels wide.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const row = table.getByRole('row').filter({ hasText: 'RC-1' });
  await expect(row).toContainText(/PNG, \d+\.\d KB/);

  // A page renamed .jpg is refused by its bytes, with the server's reason; Remove takes the receipt off.
  await table.getByRole('button', { name: /^Edit the record of .*, unit RC-1$/ }).click();
  const html = Buffer.from('<!doctype html><p>not a receipt</p>');
  await dialog.getByTestId('receipt-file').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: html });
  await expect(dialog.getByRole('alert')).toContainText('A receipt must be a JPEG, PNG or PDF file');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByTestId('receipt-attachment-file')).toHaveText('No receipt attached');
});
