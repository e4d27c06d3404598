import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { cellValue, cellValues } from '../common/documents/cell-text.js';
import { Decimal, decimalToNumber, isNoTaxDue } from '../ifta/index.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report } from './entities/report.entity.js';
import { lineNames, provisionalRatesText, returnDocument, statusText } from './documents/return-document.js';
import { type DocumentLanguage, fill, RETURN_LABELS } from './documents/return-labels.js';
import { writeReturnSheet } from './documents/return-sheet.js';
import {
  type DocumentDates,
  excelDateTimeFormat,
  wallClockCell,
  WORKBOOK_LABELS,
  writtenDate,
} from './documents/workbook-labels.js';
import { filingLines } from './report-filing-lines.js';
import { loadExcelJs } from '../common/documents/lazy-libraries.js';

/** The official return's sheet name (always English: a sheet name is an identifier for formulas and scripts). */
export const OFFICIAL_SHEET = 'Official Return';

/**
 * Number formats matching the detail view's precisions (docs/product-spec.md §2 Report detail, §9 Display precision).
 * Gallons are kept to thousandths, and a column whose lines were shown rounded further would not add up to its Total
 * for a reader (700.25 + 1,200.35 + 333.45 shown as 700.3 + 1,200.4 + 333.5 against 2,234.1): the optional digits
 * print a line's thousandths when it has them, and the spec's decimals otherwise.
 */
export const REPORT_FORMATS = {
  miles: '#,##0',
  gallonsPurchased: '#,##0.0##',
  gallons: '#,##0.00#',
  taxRate: '"$"0.0000',
  mpg: '0.00',
  /** Due in red, a credit in green with a minus sign and "(credit)", zero as $0.00. */
  money: '[Red]"$"#,##0.00;[Green]"-$"#,##0.00" (credit)";"$"0.00',
} as const;

export const DETAIL_HEADERS = WORKBOOK_LABELS.en.headers;

/** An official report's extra columns: its surcharges, and each line's tax plus surcharge. */
export const OFFICIAL_DETAIL_HEADERS = WORKBOOK_LABELS.en.officialHeaders;

/** Dates as an account that never changed its settings writes them (Settings' defaults). */
const DEFAULT_DATES: DocumentDates = { dateFormat: 'MM/DD/YYYY', timeZone: 'America/New_York' };

const COLUMN_FORMATS = [
  undefined,
  REPORT_FORMATS.miles,
  REPORT_FORMATS.miles,
  REPORT_FORMATS.gallonsPurchased,
  REPORT_FORMATS.taxRate,
  REPORT_FORMATS.gallons,
  REPORT_FORMATS.gallons,
  REPORT_FORMATS.money,
];

export function summaryLabel(totalTaxDue: number, language: DocumentLanguage = 'en'): string {
  const labels = WORKBOOK_LABELS[language];
  if (isNoTaxDue(totalTaxDue)) return labels.noTaxDue;
  return totalTaxDue < 0 ? labels.credit : labels.due;
}

/**
 * Writes the report as an .xlsx workbook to `stream` and ends it. Rows are committed as they are written. Labels are
 * in `language`; dates in the account's date format, and the creation time on the account's clock (`dates`).
 */
export async function writeReportWorkbook(
  report: Report,
  rows: ReportJurisdiction[],
  stream: Writable,
  language: DocumentLanguage = 'en',
  dates: DocumentDates = DEFAULT_DATES,
): Promise<void> {
  const labels = WORKBOOK_LABELS[language];
  const returnLabels = RETURN_LABELS[language];
  const { stream: excelStream } = await loadExcelJs();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'IFTA Fuel Tax';
  workbook.created = report.createdAt;
  const official = report.calculationMode === 'official';
  const provisional = provisionalRatesText(report, language);
  const sheet = workbook.addWorksheet('IFTA Report');
  // Printed, every page of every sheet says the figures are provisional; on screen, the sheet's own rows do.
  if (provisional) sheet.headerFooter = provisionalHeader(provisional);
  sheet.columns = [
    { width: 28 },
    { width: 14 },
    { width: 14 },
    { width: 18 },
    { width: 12 },
    { width: 14 },
    { width: 14 },
    { width: 24 },
    ...(official ? [{ width: 16 }, { width: 24 }] : []),
  ];
  const formats = official ? [...COLUMN_FORMATS, REPORT_FORMATS.money, REPORT_FORMATS.money] : COLUMN_FORMATS;
  const bold = { bold: true };

  const title = sheet.addRow([labels.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow([]).commit();
  const general = sheet.addRow([labels.general]);
  general.font = { bold: true, size: 12 };
  general.commit();
  const info: Array<[string, string | number | Date, string?]> = [
    [labels.reportName, report.name],
    [labels.companyName, report.companyName],
    [labels.license, report.licenseNumber],
    [labels.period, report.taxPeriod],
    ...(provisional ? [[returnLabels.rates, provisional] as [string, string]] : []),
    // A worksheet's typed MPG; an official return has no one MPG, but each fuel schedule its fleet MPG.
    ...(official
      ? report.schedules.map((schedule): [string, number, string] => [
          fill(labels.fleetMpg, { fuel: schedule.fuel_type }),
          schedule.fleet_mpg,
          REPORT_FORMATS.mpg,
        ])
      : [[labels.averageMpg, report.averageMpg, REPORT_FORMATS.mpg] as [string, number, string]]),
    [labels.status, statusText(report, returnLabels)],
    [labels.created, wallClockCell(report.createdAt, dates.timeZone), excelDateTimeFormat(dates.dateFormat)],
    [labels.jurisdictions, rows.length],
  ];
  for (const [label, value, numFmt] of info) {
    const row = sheet.addRow([label, cellValue(value)]);
    row.getCell(1).font = bold;
    if (numFmt) row.getCell(2).numFmt = numFmt;
    row.getCell(2).alignment = { horizontal: 'left' };
    row.commit();
  }
  sheet.addRow([]).commit();
  const details = sheet.addRow([labels.details]);
  details.font = { bold: true, size: 12 };
  details.commit();

  const header = sheet.addRow([...labels.headers, ...(official ? labels.officialHeaders : [])]);
  header.eachCell((cell) => {
    cell.font = bold;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  header.commit();

  const addLine = (values: Array<string | number | null>, isTotal: boolean) => {
    const row = sheet.addRow(cellValues(values));
    formats.forEach((numFmt, index) => {
      if (numFmt) row.getCell(index + 1).numFmt = numFmt;
    });
    if (isTotal) {
      row.font = bold;
      row.eachCell((cell) => (cell.border = { top: { style: 'thin' } }));
    }
    row.commit();
  };
  // Each money column's total is the sum of its lines: in official mode the tax column holds tax only, the
  // surcharges their own column, and the last column both, whose total is the report's.
  const sum = (values: number[]) => decimalToNumber(values.reduce((total, v) => total.plus(v), new Decimal(0)));
  const lineTotal = (r: ReportJurisdiction) => sum([r.taxDue, r.surchargeDue]);
  const names = lineNames(report, rows, language, dates.dateFormat);
  for (const [index, r] of rows.entries()) {
    addLine(
      [
        names[index],
        r.totalMiles,
        r.taxableMiles,
        r.gallonsPurchased,
        r.taxRate,
        r.gallonsConsumed,
        r.netGallons,
        r.taxDue,
        ...(official ? [r.surchargeDue, lineTotal(r)] : []),
      ],
      false,
    );
  }
  addLine(
    [
      labels.total,
      report.totalMiles,
      report.taxableMiles,
      report.gallonsPurchased,
      null,
      report.gallonsConsumed,
      report.netGallons,
      official ? sum(rows.map((r) => r.taxDue)) : report.taxDue,
      ...(official ? [report.surchargeDue, report.taxDue] : []),
    ],
    true,
  );
  sheet.addRow([]).commit();
  const amountColumn = formats.length;
  const amount = isNoTaxDue(report.taxDue) ? 0 : report.taxDue;
  const summaryValues: Array<string | number | null> = [summaryLabel(report.taxDue, language)];
  summaryValues[amountColumn - 1] = amount;
  const summary = sheet.addRow(summaryValues);
  summary.font = bold;
  summary.getCell(amountColumn).numFmt = REPORT_FORMATS.money;
  summary.commit();

  sheet.addRow([]).commit();
  const filing = sheet.addRow([returnLabels.filing]);
  filing.font = { bold: true, size: 12 };
  filing.commit();
  for (const line of filingLines(report)) {
    const label = returnLabels.filingLabels[line.label] ?? line.label;
    const text = 'text' in line ? writtenDate(returnLabels.filingTexts[line.text] ?? line.text, dates.dateFormat) : '';
    const row = sheet.addRow([label, 'amount' in line ? line.amount : cellValue(text)]);
    row.getCell(1).font = bold;
    if ('amount' in line) row.getCell(2).numFmt = REPORT_FORMATS.money;
    row.getCell(2).alignment = { horizontal: 'left' };
    row.commit();
  }

  sheet.commit();
  if (report.calculationMode === 'official') {
    const returnSheet = workbook.addWorksheet(OFFICIAL_SHEET);
    if (provisional) returnSheet.headerFooter = provisionalHeader(provisional);
    writeReturnSheet(returnSheet, returnDocument(report, rows, language, dates.dateFormat));
  }
  await workbook.commit();
}

/** A sheet's printed header on every page: the provisional mark, left, in bold. */
const provisionalHeader = (text: string): Partial<ExcelJS.HeaderFooter> => {
  // '&' starts a header code in Excel; a literal one is written '&&'.
  const header = `&L&B${text.replace(/&/g, '&&')}`;
  return { differentFirst: false, differentOddEven: false, oddHeader: header, evenHeader: header };
};

/** The export job run on the worker pool (see common/workers): the whole workbook as bytes. */
export async function reportWorkbookBytes({
  report,
  rows,
  language,
  dates,
}: {
  report: Report;
  rows: ReportJurisdiction[];
  language?: DocumentLanguage;
  dates?: DocumentDates;
}): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => stream.on('end', resolve).on('error', reject));
  await writeReportWorkbook(report, rows, stream, language, dates);
  await ended;
  return Buffer.concat(chunks);
}
