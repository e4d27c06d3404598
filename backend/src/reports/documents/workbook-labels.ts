import { TZDate } from '@date-fns/tz';
import { formatIsoDate } from '../../ifta/index.js';
import type { DocumentLanguage } from './return-labels.js';

/** The report workbook's own sheet ('IFTA Report'), in both languages; the English is the sheet as it always read. */
export const WORKBOOK_LABELS = {
  en: {
    title: 'IFTA Fuel Tax Report',
    general: 'General Information',
    reportName: 'Report Name',
    companyName: 'Company Name',
    license: 'IFTA License',
    period: 'Tax Period',
    fleetMpg: 'Fleet MPG (%{fuel})',
    averageMpg: 'Average MPG',
    status: 'Status',
    created: 'Created',
    jurisdictions: 'Jurisdictions',
    details: 'Jurisdiction Details',
    headers: [
      'Jurisdiction',
      'Total Miles',
      'Taxable Miles',
      'Gallons Purchased',
      'Tax Rate',
      'Consumed',
      'Net Gallons',
      'Tax Due / Credit',
    ],
    officialHeaders: ['Surcharge', 'Total Due'],
    total: 'Total',
    noTaxDue: 'No Tax Due',
    credit: 'Total Overpayment (Credit)',
    due: 'Total Tax Due',
  },
  ru: {
    title: 'Отчёт IFTA по налогу на топливо',
    general: 'Общие сведения',
    reportName: 'Название отчёта',
    companyName: 'Компания',
    license: 'Лицензия IFTA',
    period: 'Налоговый период',
    fleetMpg: 'MPG парка (%{fuel})',
    averageMpg: 'Средний MPG',
    status: 'Статус',
    created: 'Создан',
    jurisdictions: 'Юрисдикций',
    details: 'По юрисдикциям',
    headers: [
      'Юрисдикция',
      'Всего миль',
      'Облагаемые мили',
      'Куплено галлонов',
      'Ставка налога',
      'Израсходовано',
      'Чистые галлоны',
      'Налог к уплате / к возврату',
    ],
    officialHeaders: ['Надбавка', 'Итого к уплате'],
    total: 'Итого',
    noTaxDue: 'Налог не причитается',
    credit: 'Итого переплата (к возврату)',
    due: 'Итого налог к уплате',
  },
} as const satisfies Record<DocumentLanguage, unknown>;

/** How the account writes dates, and the zone its clock reads in (Settings: date_format, timezone). */
export interface DocumentDates {
  dateFormat: string;
  timeZone: string;
}

/** A calendar day (ISO) in the account's date format; any other text as it is. */
export const writtenDate = (text: string, dateFormat: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatIsoDate(text, dateFormat) : text;

/** Excel's number format for a date and time written in the account's date format. */
export function excelDateTimeFormat(dateFormat: string): string {
  if (dateFormat === 'DD/MM/YYYY') return 'dd/mm/yyyy hh:mm';
  if (dateFormat === 'YYYY-MM-DD') return 'yyyy-mm-dd hh:mm';
  return 'mm/dd/yyyy hh:mm';
}

/**
 * An instant as the account's wall clock shows it, as the Date a spreadsheet cell holds: a cell has no time zone, so
 * it is given the local day and time in the account's zone (written as UTC, which is how exceljs stores a Date).
 */
export function wallClockCell(instant: Date, timeZone: string): Date {
  const local = new TZDate(instant.getTime(), timeZone);
  return new Date(
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
      local.getMilliseconds(),
    ),
  );
}
