import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';
import { SCREENSHOTS } from './support/screenshots';
import { solidPng } from '../backend/test/helpers/png';

/** The quarter the Trips & Fuel tabs open on: the last closed one. */
const lastQuarter = () => {
  const now = new Date();
  const current = Math.floor(now.getUTCMonth() / 3);
  const year = current === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const quarter = current === 0 ? 4 : current;
  const day = (d: number) => `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { label: `Q${quarter}-${year}`, year: String(year), day };
};

/** Every entry of the ZIP, by name (yauzl checks each one's CRC while reading). */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.readEntry();
    });
  });
}

/** Clicks Download in the open dialog and answers the saved file's name and entries. */
async function downloadPacket(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog', { name: 'Audit packet' }).getByRole('button', { name: 'Download' }).click(),
  ]);
  return { name: download.suggestedFilename(), entries: await unzip(await readFile((await download.path())!)) };
}

test('the Audit packet action downloads a quarter’s and a year’s ZIP with the seeded records, and shows a failure', async ({
  page,
}) => {
  const { label, year, day } = lastQuarter();
  const png = solidPng(8, 8, [0, 0, 255]);
  await signUpAndSignIn(page);
  let attached = '';
  await test.step('seed a unit’s trips, two purchases and a receipt image', async () => {
    await api(page, 'POST', '/api/protected/trips', { date: day(1), unit: 'AP-1', jurisdiction: 'TX', miles: 412.5 });
    await api(page, 'POST', '/api/protected/trips', { date: day(2), unit: 'AP-1', jurisdiction: 'OK', miles: 237.5 });
    const bought = await api<{ id: string }>(page, 'POST', '/api/protected/fuel-purchases', {
      date: day(1),
      unit: 'AP-1',
      jurisdiction: 'TX',
      quantity: 60.25,
      vendor: 'Pilot #12',
      vendor_address: '1200 I-35 N, Dallas TX',
      total_price: 210.88,
    });
    await api(page, 'POST', '/api/protected/fuel-purchases', {
      date: day(2),
      unit: 'AP-1',
      jurisdiction: 'OK',
      quantity: 40,
    });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const upload = await page.request.post(`/api/protected/fuel-purchases/${bought.id}/attachment`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(201);
    attached = `receipts/${day(1)}_AP-1_${bought.id}.png`;
  });

  await test.step('the quarter’s packet holds the mileage summary, the receipts list and the image', async () => {
    await page.goto('/records?tab=by_vehicle');
    await page.getByRole('button', { name: 'Audit packet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Audit packet' });
    await expect(dialog.getByRole('combobox', { name: 'Quarter' })).toHaveText(label);
    const { name, entries } = await downloadPacket(page);
    expect(name).toBe(`audit-packet-${label}.zip`);
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        `${label}/ivmr-summary.csv`,
        `${label}/ivmr-summary.pdf`,
        `${label}/receipts.csv`,
        `${label}/${attached}`,
      ].sort(),
    );
    expect(entries.get(`${label}/ivmr-summary.pdf`)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(entries.get(`${label}/${attached}`)!.equals(png)).toBe(true);
    expect(entries.get(`${label}/ivmr-summary.csv`)!.toString().split(/\r?\n/).filter(Boolean)).toEqual([
      'Unit,VIN,Fuel type,Jurisdiction,Trips,Miles,Taxable miles,Gallons,MPG',
      'AP-1,,diesel,OK,1,237.5,237.5,40,',
      'AP-1,,diesel,TX,1,412.5,412.5,60.25,',
      'AP-1,,diesel,Total,2,650,650,100.25,6.48',
    ]);
    const receipts = entries.get(`${label}/receipts.csv`)!.toString().split(/\r?\n/).filter(Boolean);
    expect(receipts).toHaveLength(3);
    expect(receipts.find((line) => line.includes(attached))).toContain('Pilot #12');
    expect(entries.get('README.txt')!.toString()).toContain('Return: MISSING');
    await expect(dialog.getByText(`The audit packet audit-packet-${label}.zip was downloaded.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeEnabled();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-packet-dialog.png') });
  });

  await test.step('a year’s packet covers its four quarters, its progress shown while it downloads', async () => {
    const dialog = page.getByRole('dialog', { name: 'Audit packet' });
    await dialog.getByRole('radio', { name: 'A whole year' }).check();
    await expect(dialog.getByRole('combobox', { name: 'Year' })).toHaveText(year);
    // The answer is held until the progress bar has been seen, so the test does not race a fast download.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/protected/records/audit-packet?*', async (route) => {
      await held;
      await route.fulfill({ response: await route.fetch() });
    });
    const saved = downloadPacket(page);
    await expect(dialog.getByRole('progressbar', { name: 'Downloading the audit packet' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-packet-progress.png') });
    release();
    const { name, entries } = await saved;
    await page.unroute('**/api/protected/records/audit-packet?*');
    expect(name).toBe(`audit-packet-${year}.zip`);
    for (const q of [1, 2, 3, 4]) expect(entries.has(`Q${q}-${year}/receipts.csv`)).toBe(true);
    expect(entries.get(`${label}/${attached}`)!.equals(png)).toBe(true);
  });

  await test.step('a download the server cuts short is shown as failed, not saved', async () => {
    await page.route('**/api/protected/records/audit-packet?*', (route) => route.abort('connectionreset'));
    const dialog = page.getByRole('dialog', { name: 'Audit packet' });
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The audit packet could not be downloaded.');
    await page.unroute('**/api/protected/records/audit-packet?*');
  });
});
