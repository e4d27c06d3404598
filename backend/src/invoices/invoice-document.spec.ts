import { describe, expect, it } from '@jest/globals';
import type { Invoice } from './entities/invoice.entity.js';
import { invoiceFacts, invoiceHtml, invoicePdfLines } from './invoice-document.js';

const invoice = {
  invoiceNumber: 'INV-000042',
  status: 'paid',
  planName: 'Professional',
  amount: 59,
  currency: 'USD',
  description: 'Professional plan, monthly subscription',
  // 03:30 UTC on the 8th is still the 7th on America's west coast.
  createdAt: new Date('2026-03-08T03:30:00Z'),
  periodStart: new Date('2026-03-08T03:30:00Z'),
  periodEnd: new Date('2026-04-08T02:30:00Z'),
  paidAt: new Date('2026-03-08T03:30:00Z'),
} as Invoice;
const party = { company_name: 'Freight <& Sons>', email: 'billing@freight.example' };
const english = { language: 'en', dateFormat: 'YYYY-MM-DD', timeZone: 'UTC' } as const;
const russian = { language: 'ru', dateFormat: 'DD/MM/YYYY', timeZone: 'America/Vancouver' } as const;

describe('invoiceFacts', () => {
  it('lists the facts in English, each date the day in the account time zone and date format', () => {
    expect(invoiceFacts(invoice, party, english)).toEqual([
      ['Invoice number', 'INV-000042'],
      ['Status', 'paid'],
      ['Billed to', 'Freight <& Sons> <billing@freight.example>'],
      ['Issued', '2026-03-08'],
      ['Period', '2026-03-08 - 2026-04-08'],
      ['Description', 'Professional plan, monthly subscription'],
      ['Plan', 'Professional'],
      ['Amount', '$59.00'],
      ['Paid', '2026-03-08'],
    ]);
    const vancouver = { ...english, dateFormat: 'MM/DD/YYYY', timeZone: 'America/Vancouver' };
    expect(invoiceFacts(invoice, party, vancouver)).toContainEqual(['Period', '03/07/2026 - 04/07/2026']);
  });

  it('lists them in Russian for a Russian account, the standard description said in Russian', () => {
    expect(invoiceFacts(invoice, party, russian)).toEqual([
      ['Номер счёта', 'INV-000042'],
      ['Статус', 'оплачен'],
      ['Плательщик', 'Freight <& Sons> <billing@freight.example>'],
      ['Выставлен', '07/03/2026'],
      ['Период', '07/03/2026 - 07/04/2026'],
      ['Описание', 'Тариф Professional, ежемесячная подписка'],
      ['Тариф', 'Professional'],
      ['Сумма', '$59.00'],
      ['Оплачен', '07/03/2026'],
    ]);
  });

  it('says an unpaid invoice is not paid, and keeps a description written by hand', () => {
    const open = { ...invoice, status: 'open', paidAt: null, description: 'Custom work' } as Invoice;
    const facts = new Map(invoiceFacts(open, party, russian));
    expect(facts.get('Статус')).toBe('открыт');
    expect(facts.get('Оплачен')).toBe('не оплачен');
    expect(facts.get('Описание')).toBe('Custom work');
    expect(new Map(invoiceFacts(open, party, english)).get('Paid')).toBe('not paid');
  });
});

describe('the invoice PDF lines and web page', () => {
  it('write the heading, the facts and the total in the account language', () => {
    const lines = invoicePdfLines(invoice, party, russian).map((line) => line.text);
    expect(lines).toContain('Счёт INV-000042');
    expect(lines).toContain('Выставлен: 07/03/2026');
    expect(lines.at(-1)).toBe('Итого: $59.00');
    expect(invoicePdfLines(invoice, party, english).map((line) => line.text)).toContain('Invoice INV-000042');
  });

  it('marks the page with its language and escapes what it shows', () => {
    const page = invoiceHtml(invoice, party, russian, '/api/invoices/1/pdf?a=1&b=2');
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('<title>Счёт INV-000042</title>');
    expect(page).toContain('<h1>Счёт INV-000042</h1>');
    expect(page).toContain('<tr><th>Выставлен</th><td>07/03/2026</td></tr>');
    expect(page).toContain('Freight &lt;&amp; Sons&gt;');
    expect(page).toContain('<a href="/api/invoices/1/pdf?a=1&amp;b=2">Скачать PDF</a>');
    expect(page).not.toMatch(/Invoice|Download/);
    const englishPage = invoiceHtml(invoice, party, english, '/pdf');
    expect(englishPage).toContain('<html lang="en">');
    expect(englishPage).toContain('<h1>Invoice INV-000042</h1>');
    expect(englishPage).toContain('>Download PDF</a>');
  });
});
