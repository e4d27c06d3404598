import type { Invoice } from './entities/invoice.entity.js';
import type { PdfLine } from './invoice-pdf.js';

/** What an invoice says, shared by its PDF and its web page so the two never disagree (its e-mail: invoice-message.ts). */
export interface InvoiceParty {
  company_name: string;
  email: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

function invoiceFacts(invoice: Invoice, party: InvoiceParty): Array<[string, string]> {
  return [
    ['Invoice number', invoice.invoiceNumber],
    ['Status', invoice.status],
    ['Billed to', `${party.company_name} <${party.email}>`],
    ['Issued', day(invoice.createdAt)],
    ['Period', `${day(invoice.periodStart)} - ${day(invoice.periodEnd)}`],
    ['Description', invoice.description],
    ['Plan', invoice.planName],
    ['Amount', money(invoice.amount, invoice.currency)],
    ['Paid', invoice.paidAt ? day(invoice.paidAt) : 'not paid'],
  ];
}

export function invoicePdfLines(invoice: Invoice, party: InvoiceParty): PdfLine[] {
  return [
    { text: 'IFTA Fuel Tax', bold: true, size: 20 },
    { text: `Invoice ${invoice.invoiceNumber}`, bold: true, size: 14, gap: 12 },
    ...invoiceFacts(invoice, party).map(([label, value]) => ({ text: `${label}: ${value}` })),
    { text: `Total: ${money(invoice.amount, invoice.currency)}`, bold: true, size: 13, gap: 12 },
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function invoiceHtml(invoice: Invoice, party: InvoiceParty, pdfUrl: string): string {
  const rows = invoiceFacts(invoice, party)
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.invoiceNumber)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;color:#222}th{text-align:left;padding:4px 16px 4px 0;color:#555}</style>
</head><body><h1>Invoice ${escapeHtml(invoice.invoiceNumber)}</h1><table>${rows}</table>
<p><a href="${escapeHtml(pdfUrl)}">Download PDF</a></p></body></html>`;
}
