import { formatIsoDate, todayIn } from '../ifta/index.js';
import type { AccountWriting } from '../users/account-profile.service.js';
import type { Invoice, InvoiceStatus } from './entities/invoice.entity.js';

/**
 * What an invoice says, the one list of facts its PDF, its web page and its e-mail (invoice-message.ts) all write, so
 * none of them disagrees with another: in the account's language, each date the day the account's clock read at
 * that instant, in its date format.
 */
export interface InvoiceParty {
  company_name: string;
  email: string;
}

/** One line of the invoice PDF (see invoice-pdf.ts): plain data, so it crosses to the worker pool as it is. */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
}

type Language = AccountWriting['language'];

const WORDS = {
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    status: 'Status',
    billedTo: 'Billed to',
    issued: 'Issued',
    period: 'Period',
    description: 'Description',
    plan: 'Plan',
    amount: 'Amount',
    paid: 'Paid',
    notPaid: 'not paid',
    total: 'Total',
    downloadPdf: 'Download PDF',
  },
  ru: {
    invoice: 'Счёт',
    number: 'Номер счёта',
    status: 'Статус',
    billedTo: 'Плательщик',
    issued: 'Выставлен',
    period: 'Период',
    description: 'Описание',
    plan: 'Тариф',
    amount: 'Сумма',
    paid: 'Оплачен',
    notPaid: 'не оплачен',
    total: 'Итого',
    downloadPdf: 'Скачать PDF',
  },
} satisfies Record<Language, Record<string, string>>;

const STATUS: Record<Language, Record<InvoiceStatus, string>> = {
  en: { draft: 'draft', open: 'open', paid: 'paid', void: 'void', uncollectible: 'uncollectible' },
  ru: {
    draft: 'черновик',
    open: 'открыт',
    paid: 'оплачен',
    void: 'аннулирован',
    uncollectible: 'безнадёжный',
  },
};

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/** The day the account's clock read at `date`, in the account's date format. */
const invoiceDay = (date: Date, writing: AccountWriting) =>
  formatIsoDate(todayIn(writing.timeZone, date), writing.dateFormat);

/** The description is stored in English; the standard one is said in Russian, one written by hand stays as it is. */
function description(invoice: Invoice, language: Language): string {
  return language === 'ru' && invoice.description === `${invoice.planName} plan, monthly subscription`
    ? `Тариф ${invoice.planName}, ежемесячная подписка`
    : invoice.description;
}

/** The invoice's facts, label and value, in the account's language and date format. */
export function invoiceFacts(invoice: Invoice, party: InvoiceParty, writing: AccountWriting): Array<[string, string]> {
  const words = WORDS[writing.language];
  const day = (date: Date) => invoiceDay(date, writing);
  return [
    [words.number, invoice.invoiceNumber],
    [words.status, STATUS[writing.language][invoice.status] ?? invoice.status],
    [words.billedTo, `${party.company_name} <${party.email}>`],
    [words.issued, day(invoice.createdAt)],
    [words.period, `${day(invoice.periodStart)} - ${day(invoice.periodEnd)}`],
    [words.description, description(invoice, writing.language)],
    [words.plan, invoice.planName],
    [words.amount, money(invoice.amount, invoice.currency)],
    [words.paid, invoice.paidAt ? day(invoice.paidAt) : words.notPaid],
  ];
}

export function invoicePdfLines(invoice: Invoice, party: InvoiceParty, writing: AccountWriting): PdfLine[] {
  const words = WORDS[writing.language];
  return [
    { text: 'IFTA Fuel Tax', bold: true, size: 20 },
    { text: `${words.invoice} ${invoice.invoiceNumber}`, bold: true, size: 14, gap: 12 },
    ...invoiceFacts(invoice, party, writing).map(([label, value]) => ({ text: `${label}: ${value}` })),
    { text: `${words.total}: ${money(invoice.amount, invoice.currency)}`, bold: true, size: 13, gap: 12 },
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function invoiceHtml(invoice: Invoice, party: InvoiceParty, writing: AccountWriting, pdfUrl: string): string {
  const words = WORDS[writing.language];
  const rows = invoiceFacts(invoice, party, writing)
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const heading = escapeHtml(`${words.invoice} ${invoice.invoiceNumber}`);
  return `<!doctype html><html lang="${writing.language}"><head><meta charset="utf-8"><title>${heading}</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;color:#222}th{text-align:left;padding:4px 16px 4px 0;color:#555}</style>
</head><body><h1>${heading}</h1><table>${rows}</table>
<p><a href="${escapeHtml(pdfUrl)}">${escapeHtml(words.downloadPdf)}</a></p></body></html>`;
}
