import { stringify } from 'csv-stringify/sync';
import type { RecordKind } from './record-fields.js';
import { loadExcelJs } from '../common/documents/lazy-libraries.js';

export const TEMPLATE_LANGUAGES = ['en', 'ru'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

interface TemplateColumn {
  /** Header in each language; both are among the field's synonyms, so the template imports as it is. */
  header: Record<TemplateLanguage, string>;
  example: Record<TemplateLanguage, string>;
}

const yes = { en: 'yes', ru: 'да' };

/** The columns of each kind's template, in the order a person fills them, with one example row. */
export const TEMPLATE_COLUMNS: Record<RecordKind, TemplateColumn[]> = {
  trips: [
    { header: { en: 'Date', ru: 'Дата' }, example: { en: '2026-10-05', ru: '2026-10-05' } },
    { header: { en: 'Unit', ru: 'Тягач' }, example: { en: 'T-101', ru: 'T-101' } },
    { header: { en: 'Jurisdiction', ru: 'Штат' }, example: { en: 'TX', ru: 'TX' } },
    { header: { en: 'Miles', ru: 'Мили' }, example: { en: '512', ru: '512' } },
    { header: { en: 'Taxable', ru: 'Налогооблагаемые' }, example: yes },
    { header: { en: 'Non-taxable reason', ru: 'Причина освобождения' }, example: { en: '', ru: '' } },
    // What an audit compares trip to trip (docs/records-health.md); the example's end is its start plus its miles.
    { header: { en: 'Odometer start', ru: 'Одометр начало' }, example: { en: '182340', ru: '182340' } },
    { header: { en: 'Odometer end', ru: 'Одометр конец' }, example: { en: '182852', ru: '182852' } },
    // What an IVMR holds beyond the segment: rows sharing a trip number are the segments of one trip.
    { header: { en: 'Trip number', ru: 'Номер рейса' }, example: { en: 'TR-1001', ru: 'TR-1001' } },
    { header: { en: 'Driver', ru: 'Водитель' }, example: { en: 'J. Smith', ru: 'J. Smith' } },
    { header: { en: 'Origin city', ru: 'Город отправления' }, example: { en: 'Dallas', ru: 'Dallas' } },
    { header: { en: 'Origin state', ru: 'Штат отправления' }, example: { en: 'TX', ru: 'TX' } },
    { header: { en: 'Destination city', ru: 'Город назначения' }, example: { en: 'Houston', ru: 'Houston' } },
    { header: { en: 'Destination state', ru: 'Штат назначения' }, example: { en: 'TX', ru: 'TX' } },
  ],
  fuel: [
    { header: { en: 'Date', ru: 'Дата' }, example: { en: '2026-10-05', ru: '2026-10-05' } },
    { header: { en: 'Unit', ru: 'Тягач' }, example: { en: 'T-101', ru: 'T-101' } },
    { header: { en: 'Jurisdiction', ru: 'Штат' }, example: { en: 'TX', ru: 'TX' } },
    { header: { en: 'Gallons', ru: 'Галлоны' }, example: { en: '120.5', ru: '120.5' } },
    { header: { en: 'Fuel type', ru: 'Тип топлива' }, example: { en: 'diesel', ru: 'diesel' } },
    { header: { en: 'Tax paid', ru: 'Налог уплачен' }, example: yes },
    { header: { en: 'Vendor', ru: 'Поставщик' }, example: { en: 'Pilot #123', ru: 'Pilot #123' } },
    { header: { en: 'Receipt number', ru: 'Номер чека' }, example: { en: 'R-1001', ru: 'R-1001' } },
    // The rest of what an audit asks of a receipt: the seller's address and the total.
    {
      header: { en: 'Vendor address', ru: 'Адрес' },
      example: { en: '1200 I-35 N, Dallas TX', ru: '1200 I-35 N, Dallas TX' },
    },
    { header: { en: 'Total', ru: 'Сумма' }, example: { en: '452.18', ru: '452.18' } },
  ],
};

/** The file name a download gets, e.g. trips-template.xlsx. */
export const templateFileName = (kind: RecordKind, format: TemplateFormat) =>
  `${kind === 'trips' ? 'trips' : 'fuel-purchases'}-template.${format}`;

/** A template to fill in: the header row and one example row, as CSV (UTF-8 with BOM, for Excel) or .xlsx. */
export async function recordTemplate(
  kind: RecordKind,
  format: TemplateFormat,
  language: TemplateLanguage,
): Promise<Buffer> {
  const columns = TEMPLATE_COLUMNS[kind];
  const rows = [columns.map((c) => c.header[language]), columns.map((c) => c.example[language])];
  if (format === 'csv') return Buffer.from(`\uFEFF${stringify(rows)}`, 'utf8');
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'IFTA Fuel Tax';
  const sheet = workbook.addWorksheet(kind === 'trips' ? 'Trips' : 'Fuel', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({ width: Math.max(12, c.header[language].length + 4) }));
  // Every cell is text: a date or code typed later stays as typed, never an Excel serial number or a formula.
  for (const row of rows) sheet.addRow(row).eachCell((cell) => (cell.numFmt = '@'));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
