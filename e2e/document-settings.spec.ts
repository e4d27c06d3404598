import { test, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signUpAndSignIn } from './support/accounts';
import { api } from './support/api';
import { renderPdfPage } from './support/pdf-page';
import { SCREENSHOTS } from './support/screenshots';

const ZONE = 'Europe/Berlin';
/** An official return (the mode that has a PDF) of Q1-2025, due 2025-04-30, filed on 2025-06-15. */
const REPORT = {
  name: 'Berlin preparer Q1',
  company_name: 'Acme Freight LLC',
  license_number: 'OH-123456789',
  tax_period: 'Q1-2025',
  calculation_mode: 'official',
  status: 'final',
  filed_at: '2025-06-15',
  jurisdictions: [{ name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.58 }],
};

/** A moment as DD/MM/YYYY (and HH:MM) on a zone's wall clock. */
const wallClock = (instant: Date, withTime: boolean) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      hourCycle: 'h23',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    })
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  );
  const day = `${parts.day}/${parts.month}/${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day;
};

test('a preparer on Berlin time in DD/MM/YYYY gets the PDF and the Excel export in both', async ({
  page,
}, testInfo) => {
  await signUpAndSignIn(page);

  await test.step('Settings: DD/MM/YYYY and Europe/Berlin, found by typing', async () => {
    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'Date Format' }).click();
    await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();
    const zone = page.getByRole('combobox', { name: 'Timezone' });
    await zone.click();
    await zone.fill('Berlin');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await expect(zone).toHaveValue('Europe/Berlin');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Europe/Berlin');
  });

  const report = await api<{ id: string; created_at: string }>(page, 'POST', '/api/protected/reports', REPORT);
  await page.goto(`/reports/${report.id}`);

  await test.step('the PDF: due and filed days as DD/MM/YYYY, prepared today on Berlin’s clock', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    const screenshot = join(SCREENSHOTS, 'pdf-berlin-dd-mm-yyyy.png');
    const first = await renderPdfPage(page, bytes, screenshot);
    await testInfo.attach('PDF page 1, Berlin, DD/MM/YYYY', { path: screenshot, contentType: 'image/png' });
    const text = first.text.replace(/\s+/g, ' ');
    expect(text).toContain('Due Date 30/04/2025');
    expect(text).toContain('Filed 15/06/2025');
    expect(text).toContain(`Prepared ${wallClock(new Date(), false)}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  await test.step('the Excel export: the same days, and its creation time on Berlin’s clock', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    // exceljs's typings want its own Buffer flavour; a Node Buffer is what it reads at run time.
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('IFTA Report')!;
    const rows = new Map<string, ExcelJS.Cell>();
    sheet.eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(2)));
    expect(rows.get('Due Date')?.text).toBe('30/04/2025');
    expect(rows.get('Filed')?.text).toBe('15/06/2025');
    const created = rows.get('Created')!;
    expect(created.numFmt).toBe('dd/mm/yyyy hh:mm');
    // The cell holds Berlin's wall-clock time (a spreadsheet date has no zone), read back as UTC fields.
    const cellTime = created.value as Date;
    const shown =
      `${String(cellTime.getUTCDate()).padStart(2, '0')}/${String(cellTime.getUTCMonth() + 1).padStart(2, '0')}/` +
      `${cellTime.getUTCFullYear()} ${String(cellTime.getUTCHours()).padStart(2, '0')}:` +
      String(cellTime.getUTCMinutes()).padStart(2, '0');
    expect(shown).toBe(wallClock(new Date(report.created_at), true));
  });
});
