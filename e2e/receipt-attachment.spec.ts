import { test, expect } from '@playwright/test';
import { deflateSync, crc32 } from 'node:zlib';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';

/** A 24×16 solid red PNG, made here so the test carries no binary fixture. */
function redPng(width = 24, height = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
  const png = redPng();
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
