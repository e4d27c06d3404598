import { test, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { periodOptions, todayIn } from '../backend/src/ifta/filing-calendar';
import { registerCompany, signUpAndSignIn } from './support/accounts';
import { chooseMode } from './support/calculatorMode';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

/** The calculator starts on the last closed quarter in the account's (default New York) time zone. */
const DEFAULT_PERIOD = periodOptions(todayIn('America/New_York', new Date())).defaultPeriod;

/** Full pages from the top (a scrolled page draws the sticky bar mid-image); dialogs as the viewport shows them. */
const shoot = async (page: Page, name: string, fullPage = true) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `calculator-reports-${name}.png`), fullPage });
};

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const cards = (page: Page) => page.getByTestId('jurisdiction-card');
const card = (page: Page, index: number) => cards(page).nth(index);
const reportRows = (page: Page) => page.getByTestId('report-row');
const tile = (page: Page, key: 'total' | 'drafts' | 'final') => page.getByTestId(`tile-${key}`);

const numberField = (scope: Locator | Page, label: string | RegExp) => scope.getByRole('spinbutton', { name: label });

/** Fills one jurisdiction card: the state from the drop-down, then the numbers. */
async function fillJurisdiction(
  page: Page,
  index: number,
  row: { state: string; total: string; taxable: string; gallons: string },
) {
  const target = card(page, index);
  await target.getByRole('combobox', { name: 'State/Province' }).click();
  await page.getByRole('option', { name: row.state, exact: true }).click();
  await numberField(target, 'Total Miles').fill(row.total);
  await numberField(target, 'Taxable Miles').fill(row.taxable);
  await numberField(target, 'Gallons Purchased').fill(row.gallons);
}

const summary = (page: Page, key: string) => page.getByTestId(`summary-${key}`);

async function expectResults(target: Locator, consumed: string, net: string, tax: string) {
  const results = target.getByTestId('jurisdiction-results');
  await expect(results).toContainText(consumed);
  await expect(results).toContainText(net);
  await expect(results).toContainText(tax);
}

async function loadWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's typings want its own Buffer flavour; a Node Buffer is what it reads at run time.
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The rows of the first worksheet, as arrays of plain cell values (index 0 = column A). */
async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const workbook = await loadWorkbook(buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const rowStarting = (rows: unknown[][], first: string) => rows.find((row) => row[0] === first);

/** A template as the user would fill it: the downloaded workbook with data rows added to its data sheet. */
async function filledTemplate(template: Buffer, rows: Array<[string, number, number, number]>): Promise<Buffer> {
  const workbook = await loadWorkbook(template);
  const sheet = workbook.getWorksheet('IFTA Data');
  if (!sheet) throw new Error('the template has no "IFTA Data" sheet');
  rows.forEach((values, index) => {
    values.forEach((value, column) => {
      sheet.getCell(index + 2, column + 1).value = value;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const TEMPLATE_HEADER = ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'];

/** A workbook written from scratch in the template's layout. */
async function workbookWith(rows: Array<[string, number, number, number]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('IFTA Data');
  sheet.addRow(TEMPLATE_HEADER);
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const colorOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
const GREEN = 'rgb(21, 128, 61)'; // theme success.main #15803d
const RED = 'rgb(185, 28, 28)'; // theme error.main #b91c1c

test.describe.configure({ mode: 'serial' });

test('a carrier computes, saves, edits, finalises, exports and imports IFTA reports', async ({ page }) => {
  // One long journey on a shared, busy machine: generous, since every step has its own 10 s expectations.
  test.setTimeout(480_000);
  // React and MUI report misuse (bad select values, missing keys) on the console; the journey must not cause any.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  const account = await registerCompany(page);
  const reportName = `IFTA ${DEFAULT_PERIOD} - ${account.company}`;
  let reportUrl = '';

  await test.step('the calculator loads the active tax rates and starts with the spec defaults', async () => {
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect(toast(page, 'Loaded 58 tax rates')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Company Name' })).toHaveValue(account.company);
    await expect(page.getByRole('combobox', { name: 'Tax Period' })).toHaveText(DEFAULT_PERIOD);
    // New reports start as official returns, which compute on the fleet MPG: no MPG field until the worksheet.
    await expect(numberField(page, 'Average MPG')).toHaveCount(0);
    // This walk-through checks the spec's worksheet.
    await chooseMode(page, 'Worksheet');
    await expect(numberField(page, 'Average MPG')).toHaveValue('');
    await expect(numberField(page, 'Average MPG')).toHaveAttribute('step', '0.1');

    // Company, MPG and at least one jurisdiction are required.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    await expect(page).toHaveURL(/\/calculator$/);
  });

  await test.step('three jurisdictions show live per-row and summary numbers from the IFTA math', async () => {
    await page.getByRole('textbox', { name: 'IFTA License' }).fill('TX-998877');
    await numberField(page, 'Average MPG').fill('5');

    await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
    // The drop-down lists active rates sorted by name, labelled 'Name (ABBR) - $rate'.
    await card(page, 0).getByRole('combobox', { name: 'State/Province' }).click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(58);
    await expect(options.nth(0)).toHaveText('Alabama (AL) - $0.3100');
    await expect(options.nth(1)).toHaveText('Alberta (AB) - $0.3596');
    await page.keyboard.press('Escape');

    await fillJurisdiction(page, 0, { state: 'Texas (TX) - $0.2000', total: '1600', taxable: '1500', gallons: '200' });
    await expect(card(page, 0).getByRole('textbox', { name: 'Tax Rate' })).toHaveValue('$0.2000');
    await expectResults(card(page, 0), '300.00', '100.00', '$20.00');

    await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
    await fillJurisdiction(page, 1, { state: 'Oklahoma (OK) - $0.1900', total: '0', taxable: '0', gallons: '150' });
    await expectResults(card(page, 1), '0.00', '-150.00', '-$28.50');
    await expect(card(page, 1).getByTestId('jurisdiction-results')).toContainText('Credit');

    await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
    await fillJurisdiction(page, 2, {
      state: 'California (CA) - $0.9710',
      total: '1000',
      taxable: '1000',
      gallons: '100',
    });
    await expectResults(card(page, 2), '200.00', '100.00', '$97.10');

    await expect(summary(page, 'jurisdictions')).toContainText('3');
    await expect(summary(page, 'total_miles')).toContainText('2,600');
    await expect(summary(page, 'taxable_miles')).toContainText('2,500');
    await expect(summary(page, 'gallons_purchased')).toContainText('450.0');
    await expect(summary(page, 'gallons_consumed')).toContainText('500.00');
    await expect(summary(page, 'net_gallons')).toContainText('50.00');
    await expect(page.getByTestId('tax-summary-label')).toHaveText('Total Tax Due');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$88.60');

    // The numbers follow the MPG live: at 10 MPG consumed halves.
    await numberField(page, 'Average MPG').fill('10');
    await expectResults(card(page, 0), '150.00', '-50.00', '-$10.00');
    await numberField(page, 'Average MPG').fill('5');
    await expectResults(card(page, 0), '300.00', '100.00', '$20.00');
    await shoot(page, '01-calculator-three-rows');
  });

  await test.step('Done locks a row; Edit reopens it', async () => {
    await card(page, 0)
      .getByRole('button', { name: /^Done editing/ })
      .click();
    await expect(numberField(card(page, 0), 'Taxable Miles')).toBeDisabled();
    await expect(card(page, 0).getByRole('combobox', { name: 'State/Province' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await card(page, 0)
      .getByRole('button', { name: /^Edit / })
      .click();
    await expect(numberField(card(page, 0), 'Taxable Miles')).toBeEnabled();
    await card(page, 0)
      .getByRole('button', { name: /^Done editing/ })
      .click();
    await card(page, 1)
      .getByRole('button', { name: /^Done editing/ })
      .click();
    await card(page, 2)
      .getByRole('button', { name: /^Done editing/ })
      .click();
    await expect(page.getByRole('button', { name: /^Done editing/ })).toHaveCount(0);
  });

  await test.step('a reload mid-edit keeps the work (autosave)', async () => {
    await page.reload();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: 'IFTA License' })).toHaveValue('TX-998877');
    await expect(numberField(page, 'Average MPG')).toHaveValue('5');
    await expect(numberField(card(page, 2), 'Gallons Purchased')).toHaveValue('100');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$88.60');
  });

  await test.step('Save Draft goes to the list, where the draft shows with its count and date', async () => {
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { name: 'IFTA Reports' })).toBeVisible();
    await expect(page.getByText('Manage tax reports')).toBeVisible();
    await expect(reportRows(page)).toHaveCount(1);
    const row = reportRows(page).first();
    await expect(row).toContainText(reportName);
    await expect(row).toContainText('3 jurisdictions');
    await expect(row).toContainText(DEFAULT_PERIOD);
    await expect(row.getByTestId('status-badge')).toHaveText('Draft');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(tile(page, 'total')).toContainText('1');
    await expect(tile(page, 'drafts')).toContainText('1');
    await expect(tile(page, 'final')).toContainText('0');
    await shoot(page, '02-list-draft');
  });

  await test.step('filters work in the browser, with both empty states', async () => {
    await page.getByTestId('report-search').fill('no such report');
    await expect(page.getByText('No reports match the current filters')).toBeVisible();
    await expect(tile(page, 'total')).toContainText('0');
    await page.getByTestId('report-search').fill(account.company.toUpperCase().slice(0, 12));
    await expect(reportRows(page)).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Final', exact: true }).click();
    await expect(page.getByTestId('reports-empty')).toContainText('No Reports');
    await expect(page.getByTestId('reports-empty')).toContainText('No reports match the current filters');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Drafts', exact: true }).click();
    await expect(reportRows(page)).toHaveCount(1);
    await page.getByTestId('report-search').fill('');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect(reportRows(page)).toHaveCount(1);
  });

  await test.step('the detail view shows the report with its precisions, colours and summary', async () => {
    await reportRows(page)
      .first()
      .getByRole('link', { name: `View ${reportName}` })
      .click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    reportUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: reportName })).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Draft');
    await expect(page.getByText(/^Created \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByTestId('general-period')).toContainText(DEFAULT_PERIOD);
    await expect(page.getByTestId('general-average_mpg')).toContainText('5.00');
    await expect(page.getByTestId('general-jurisdictions')).toContainText('3');

    const lines = page.getByTestId('jurisdiction-row');
    await expect(lines).toHaveCount(3);
    const cells = (index: number) => lines.nth(index).getByRole('cell');
    await expect(cells(0)).toHaveText(['Texas', '1,600', '1,500', '200.0', '$0.2000', '300.00', '100.00', '$20.00']);
    await expect(cells(1)).toHaveText(['Oklahoma', '0', '0', '150.0', '$0.1900', '0.00', '-150.00', '-$28.50']);
    expect(await colorOf(cells(1).nth(7).locator('span'))).toBe(GREEN);
    expect(await colorOf(cells(0).nth(7).locator('span'))).toBe(RED);
    await expect(page.getByTestId('tax-summary-label')).toHaveText('Total Tax Due');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$88.60');
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
    await shoot(page, '03-detail-draft');
  });

  await test.step('Edit reopens the draft prefilled; a reload keeps the edit; Save Final locks it', async () => {
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/\/calculator\?edit=/);
    await expect(page.getByTestId('editing-banner')).toContainText(`Editing report "${reportName}"`);
    await expect(cards(page)).toHaveCount(3);
    await expect(numberField(card(page, 0), 'Gallons Purchased')).toBeDisabled();
    await card(page, 0).getByRole('button', { name: 'Edit Texas' }).click();
    await numberField(card(page, 0), 'Gallons Purchased').fill('400');
    await expectResults(card(page, 0), '300.00', '-100.00', '-$20.00');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$48.60');

    await page.reload();
    await expect(numberField(card(page, 0), 'Gallons Purchased')).toHaveValue('400');
    await expect(page.getByTestId('editing-banner')).toBeVisible();
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$48.60');

    await page.getByRole('button', { name: 'Save Final Report' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Final Report' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(reportRows(page)).toHaveCount(1);
    await expect(reportRows(page).first().getByTestId('status-badge')).toHaveText('Final');
    await expect(tile(page, 'drafts')).toContainText('0');
    await expect(tile(page, 'final')).toContainText('1');
  });

  await test.step('after a final save the calculator is reset but keeps company and license', async () => {
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Company Name' })).toHaveValue(account.company);
    await expect(page.getByRole('textbox', { name: 'IFTA License' })).toHaveValue('TX-998877');
    // A new report is an official return again: no typed MPG.
    await expect(numberField(page, 'Average MPG')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Tax Period' })).toHaveText(DEFAULT_PERIOD);
    await expect(page.getByTestId('tax-summary-label')).toHaveText('No Tax Due');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$0.00');
  });

  await test.step('a final report has no Edit and exports to a real .xlsx', async () => {
    await page.goto(reportUrl);
    await expect(page.getByTestId('status-badge')).toHaveText('Final');
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$48.60');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${reportName}_report.xlsx`);
    const rows = await sheetRows(readFileSync(await download.path()));
    expect(rowStarting(rows, 'Company Name')?.[1]).toBe(account.company);
    expect(rowStarting(rows, 'Status')?.[1]).toBe('Final');
    expect(rowStarting(rows, 'Jurisdictions')?.[1]).toBe(3);
    expect(rowStarting(rows, 'Texas')).toEqual(['Texas', 1600, 1500, 400, 0.2, 300, -100, -20]);
    expect(rowStarting(rows, 'Oklahoma')).toEqual(['Oklahoma', 0, 0, 150, 0.19, 0, -150, -28.5]);
    expect(rowStarting(rows, 'California')).toEqual(['California', 1000, 1000, 100, 0.971, 200, 100, 97.1]);
    await shoot(page, '04-detail-final');
  });

  await test.step('editing a final report opens a new draft copy; the final stays as it was', async () => {
    await page.getByRole('link', { name: 'Back to Reports' }).click();
    await reportRows(page)
      .first()
      .getByRole('link', { name: `Edit ${reportName}` })
      .click();
    await expect(page.getByTestId('editing-banner')).toContainText('is final and stays locked');
    await expect(cards(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(reportRows(page)).toHaveCount(2);
    await expect(tile(page, 'drafts')).toContainText('1');
    await expect(tile(page, 'final')).toContainText('1');
    // Newest first by default; Ascending puts the older final report on top.
    await expect(reportRows(page).first().getByTestId('status-badge')).toHaveText('Draft');
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'Ascending' }).click();
    await expect(reportRows(page).first().getByTestId('status-badge')).toHaveText('Final');
    await page.getByRole('combobox', { name: 'Sort By' }).click();
    await page.getByRole('option', { name: 'Date Modified' }).click();
    await expect(reportRows(page).first().getByTestId('status-badge')).toHaveText('Final');
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'Descending' }).click();
    await expect(reportRows(page).first().getByTestId('status-badge')).toHaveText('Draft');
  });

  await test.step('delete asks first, then removes the report', async () => {
    const draftRow = reportRows(page).filter({ has: page.getByText('Draft', { exact: true }) });
    await draftRow.getByRole('button', { name: `Delete ${reportName}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this report?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(reportRows(page)).toHaveCount(2);
    await draftRow.getByRole('button', { name: `Delete ${reportName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Report deleted')).toBeVisible();
    await expect(reportRows(page)).toHaveCount(1);
    await expect(tile(page, 'total')).toContainText('1');
  });

  await test.step('the template downloads, and a filled template imports after a confirmation', async () => {
    // After Save Draft the calculator keeps the work, tied to that draft; New Report starts afresh.
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(page.getByTestId('editing-banner')).toBeVisible();
    await page.getByRole('button', { name: 'New Report' }).click();
    await expect(page.getByTestId('editing-banner')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
    await chooseMode(page, 'Worksheet');
    await numberField(page, 'Average MPG').fill('5');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^IFTA_Template_.+_${DEFAULT_PERIOD}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const template = readFileSync(await download.path());
    expect((await sheetRows(template))[0]).toEqual(TEMPLATE_HEADER);

    const workbook = await filledTemplate(template, [
      ['NM', 800, 700, 50],
      ['AZ', 500, 500, 120],
    ]);
    await page
      .getByTestId('excel-file-input')
      .setInputFiles({ name: 'q1.xlsx', mimeType: XLSX_MIME, buffer: workbook });
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Loaded 2 records from Excel file. Add to existing data?');
    await shoot(page, '05-import-confirm', false);
    await confirm.getByRole('button', { name: 'Add' }).click();
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, 0)).toContainText('New Mexico');
    await expect(card(page, 0).getByRole('textbox', { name: 'Tax Rate' })).toHaveValue('$0.2100');
    await expectResults(card(page, 0), '140.00', '90.00', '$18.90');
    await expectResults(card(page, 1), '100.00', '-20.00', '-$5.20');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$13.70');
  });

  await test.step('upload problems show in the File error alert', async () => {
    await page
      .getByTestId('excel-file-input')
      .setInputFiles({ name: 'miles.csv', mimeType: 'text/csv', buffer: Buffer.from('TX,1,2') });
    await expect(page.getByTestId('file-error')).toContainText('File error:');
    await expect(page.getByTestId('file-error')).toContainText('Only .xlsx files are allowed');

    // Over 10 MB is refused in the browser, before anything is sent.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/upload-excel')) uploads++;
    });
    await page
      .getByTestId('excel-file-input')
      .setInputFiles({ name: 'huge.xlsx', mimeType: XLSX_MIME, buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(page.getByTestId('file-error')).toContainText('File must not exceed 10MB');
    expect(uploads).toBe(0);

    const bad = await workbookWith([
      ['XX', 10, 10, 1],
      ['TX', 100, 100, 10],
    ]);
    await page.getByTestId('excel-file-input').setInputFiles({ name: 'bad.xlsx', mimeType: XLSX_MIME, buffer: bad });
    await expect(page.getByTestId('file-error')).toContainText('Row 2');
    await expect(page.getByTestId('file-error')).toContainText('XX');
    await expect(toast(page, 'Error: Failed to process file')).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await shoot(page, '06-file-error');

    const empty = await workbookWith([]);
    await page
      .getByTestId('excel-file-input')
      .setInputFiles({ name: 'empty.xlsx', mimeType: XLSX_MIME, buffer: empty });
    await expect(toast(page, 'No data to process')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('the paste box opens although the clipboard cannot be read, and pasted lines import', async () => {
    // What the clipboard holds comes into the box...
    await page.evaluate(() => {
      navigator.clipboard.readText = () => Promise.resolve('CA, 100, 10');
    });
    await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Data' })).toHaveValue('CA, 100, 10');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    // ...and a refused read still opens an empty box.
    await page.evaluate(() => {
      navigator.clipboard.readText = () =>
        Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
    await expect(dialog).toContainText('Paste Data');
    await expect(dialog.getByRole('textbox', { name: 'Data' })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Process Data' }).click();
    await expect(dialog).toContainText('Please paste some data');
    await dialog.getByRole('textbox', { name: 'Data' }).fill('TX, 1000, 100\nOK\t500\t20');
    await expect(dialog).not.toContainText('Please paste some data');
    await shoot(page, '07-paste', false);
    await dialog.getByRole('button', { name: 'Process Data' }).click();
    await expect(page.getByRole('dialog')).toContainText('Loaded 2 records from clipboard. Add to existing data?');
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
    await expect(cards(page)).toHaveCount(4);
    await expect(card(page, 2)).toContainText('Texas');
    await expectResults(card(page, 2), '200.00', '100.00', '$20.00');
    await expectResults(card(page, 3), '100.00', '80.00', '$15.20');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$48.90');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Save Final Report' })).toBeVisible();
    await shoot(page, '11-calculator-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('in Russian the calculator and the report read in Russian; the work survives the switch', async () => {
    const chooseLanguage = async (label: string, language: string) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: language }).click();
    };
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await chooseLanguage('Language', 'Русский');
    await expect(page.getByRole('heading', { name: 'Настройки пользователя' })).toBeVisible();
    await page.getByRole('link', { name: 'Калькулятор', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Калькулятор IFTA' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Итоги расчёта' })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByTestId('tax-summary-label')).toHaveText('Итого налог к уплате');
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$48.90');
    await shoot(page, '09-calculator-ru');
    // In-app navigation: a full reload would re-apply the language saved on the server (English).
    await page.getByRole('link', { name: 'Отчёты', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Отчёты IFTA' })).toBeVisible();
    await expect(reportRows(page).first()).toContainText('3 юрисдикции');
    await reportRows(page)
      .first()
      .getByRole('link', { name: `Открыть ${reportName}` })
      .click();
    await expect(page.getByTestId('status-badge')).toHaveText('Итоговый');
    await expect(page.getByRole('button', { name: 'Экспорт в Excel' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Налог / зачёт' })).toBeVisible();
    await shoot(page, '10-detail-ru');
    await page.getByRole('link', { name: 'Настройки', exact: true }).click();
    // The unsaved choice was dropped on leaving Settings, yet the box stays in step with the screen
    // (it used to show the saved English under a Russian interface). English switches the interface back.
    await expect(page.getByRole('combobox', { name: 'Язык' })).toHaveText('Русский');
    await chooseLanguage('Язык', 'English');
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(cards(page)).toHaveCount(4);
  });

  await test.step('Clear asks first, then empties the list', async () => {
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to remove all jurisdictions?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // While the dialog fades out the page behind it is hidden from the accessibility tree, and the only
    // 'Clear' button a role query finds is the closing dialog's own: wait for it to go.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByTestId('tax-summary-label')).toHaveText('No Tax Due');
  });

  await test.step('the journey logged no error on the console', async () => {
    expect(consoleErrors).toEqual([]);
  });
});

test('failures show the spec messages', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page);

  await test.step('a report list that fails to load offers Retry', async () => {
    // The list asks for one page (?page=…), so the route matches the path with any query.
    const reportsList = /\/api\/protected\/reports(\?.*)?$/;
    await page.route(reportsList, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"error":"Database down"}',
      }),
    );
    await page.goto('/reports');
    await expect(page.getByText('Error loading reports')).toBeVisible();
    await expect(page.getByText('Database down')).toBeVisible();
    await page.unroute(reportsList);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Create your first IFTA report')).toBeVisible();
    await expect(page.getByText('Error loading reports')).toHaveCount(0);
    await shoot(page, '08-list-empty');
  });

  await test.step('a missing report says so; a failing one says it could not load', async () => {
    await page.goto('/reports/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Report not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Reports' })).toBeVisible();
    await page.route('**/api/protected/reports/11111111-1111-4111-8111-111111111111', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"boom"}' }),
    );
    await page.goto('/reports/11111111-1111-4111-8111-111111111111');
    await expect(page.getByText('Error loading report', { exact: true })).toBeVisible();
  });

  await test.step('a failed save says why and stays on the calculator', async () => {
    await page.goto('/calculator');
    await chooseMode(page, 'Worksheet');
    await numberField(page, 'Average MPG').fill('6');
    // Keyboard only: Add Jurisdiction starts the line at its state, typing picks Texas (Enter takes the highlighted
    // match), then Tab runs through the numbers.
    await page.getByRole('button', { name: 'Add Jurisdiction' }).focus();
    await page.keyboard.press('Enter');
    const state = card(page, 0).getByRole('combobox', { name: 'State/Province' });
    await expect(state).toBeFocused();
    await page.keyboard.type('Tex');
    await page.keyboard.press('Enter');
    await expect(state).toHaveValue('Texas (TX)');
    await expect(card(page, 0).getByRole('textbox', { name: 'Tax Rate' })).toHaveValue('$0.2000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('600');
    await page.keyboard.press('Tab');
    await page.keyboard.type('600');
    await page.keyboard.press('Tab');
    await page.keyboard.type('50');
    await expectResults(card(page, 0), '100.00', '50.00', '$10.00');

    await page.route('**/api/protected/reports', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"statusCode":500,"error":"Database down"}',
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(page, 'Save error: Database down')).toBeVisible();
    await expect(page).toHaveURL(/\/calculator$/);
    await page.unroute('**/api/protected/reports');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(reportRows(page)).toHaveCount(1);
  });

  await test.step('failed delete and export say so', async () => {
    await page.route('**/api/protected/reports/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: '{"statusCode":409,"error":"Report is busy"}',
          })
        : route.continue(),
    );
    await reportRows(page)
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Delete error: Report is busy')).toBeVisible();
    await expect(reportRows(page)).toHaveCount(1);
    await page.unroute('**/api/protected/reports/*');

    await page.route('**/api/protected/reports/*/export', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"statusCode":404,"error":"Report not found"}',
      }),
    );
    await reportRows(page)
      .first()
      .getByRole('link', { name: /^View / })
      .click();
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    await expect(toast(page, 'Error exporting report')).toBeVisible();
    await page.unroute('**/api/protected/reports/*/export');
  });

  await test.step('a draft deleted since it was opened is saved as a new report, not lost', async () => {
    await page.getByRole('link', { name: 'Back to Reports' }).click();
    await reportRows(page)
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Create your first IFTA report')).toBeVisible();
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(page.getByTestId('editing-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(reportRows(page)).toHaveCount(1);
    await expect(reportRows(page).first()).toContainText('1 jurisdiction');
  });

  await test.step('template, paste and import failures say so', async () => {
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    await page.route('**/api/protected/calculator/template?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"boom"}' }),
    );
    await page.getByRole('button', { name: 'Download Template' }).click();
    await expect(toast(page, 'Error downloading Excel template')).toBeVisible();
    await page.unroute('**/api/protected/calculator/template?*');

    await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Data' }).fill('ZZ, 10, 1');
    await dialog.getByRole('button', { name: 'Process Data' }).click();
    await expect(dialog.getByTestId('paste-error')).toContainText('Line 1');
    await expect(toast(page, 'Error: Failed to process data')).toBeVisible();

    // An answer without entries is not trusted.
    await page.route('**/api/protected/calculator/paste-data', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await dialog.getByRole('textbox', { name: 'Data' }).fill('TX, 10, 1');
    await dialog.getByRole('button', { name: 'Process Data' }).click();
    await expect(toast(page, 'Error processing Excel data')).toBeVisible();
    await page.unroute('**/api/protected/calculator/paste-data');
  });

  await test.step('tax rates that fail to load say so; a 401 sends the user to sign in', async () => {
    await page.route('**/api/protected/tax-rates-management?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"boom"}' }),
    );
    await page.goto('/calculator');
    // While the rates are on their way (and retried), the section says it is loading.
    const loadingRates = page.getByRole('region', { name: 'Jurisdiction Management' }).getByRole('progressbar');
    await expect(loadingRates).toBeVisible();
    await expect(toast(page, 'Error loading tax rates from database')).toBeVisible();
    await expect(loadingRates).toHaveCount(0);
    await page.unroute('**/api/protected/tax-rates-management?*');

    await page.route('**/api/protected/tax-rates-management?*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"statusCode":401,"error":"Unauthorized"}',
      }),
    );
    await page.reload();
    await expect(toast(page, 'Session expired. Please log in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('an account that enters kilometres and litres sees its figures in miles and gallons', async ({ page }) => {
  await registerCompany(page, undefined, '/settings');
  await page.getByRole('combobox', { name: 'Units' }).click();
  await page.getByRole('option', { name: 'Kilometres and litres' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();

  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await chooseMode(page, 'Worksheet');
  await numberField(page, 'Average MPG').fill('5');
  await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
  await expect(page.getByTestId('entered-metric')).toContainText('the units the return is filed in');
  // The fields are labelled and typed in kilometres and litres; the figures they make are miles and gallons.
  await numberField(page, /^Total Kilometres/).fill('1609.344');
  await numberField(page, /^Taxable Kilometres/).fill('1609.344');
  await numberField(page, /^Litres Purchased/).fill('3.785411784');
  await expect(summary(page, 'total_miles')).toContainText('1,000');
  await expect(summary(page, 'taxable_miles')).toContainText('1,000');
  await expect(summary(page, 'gallons_purchased')).toContainText('1.0');
  await expect(numberField(page, /^Total Kilometres/)).toHaveValue('1609.344');
  // A paste that names no unit is read in kilometres and litres too, and the dialog says so.
  await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
  await expect(page.getByTestId('paste-metric')).toContainText('read as kilometres and litres');
  await page.getByRole('button', { name: 'Cancel' }).click();
});
