import { describe, expect, it } from '@jest/globals';
import type { Invoice } from './entities/invoice.entity.js';
import { invoiceMessage } from './invoice-message.js';

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
const party = { company_name: 'Paying Freight LLC', email: 'billing@freight.example' };

describe('the invoice e-mail', () => {
  it('keeps its English words, each date in the date format as the account clock reads it', () => {
    const mail = invoiceMessage(invoice, party, {
      language: 'en',
      dateFormat: 'DD/MM/YYYY',
      timeZone: 'America/Vancouver',
    });
    expect(mail.subject).toBe('Invoice INV-000042 from IFTA Fuel Tax');
    expect(mail.text).toContain('Hello Paying Freight LLC,\n\nYour invoice INV-000042 is attached.');
    expect(mail.text).toContain('Issued: 07/03/2026\nPeriod: 07/03/2026 - 07/04/2026');
    expect(mail.text).toContain('Amount: $59.00\nPaid: 07/03/2026');
  });

  it('is written in Russian for a Russian account, in the default date format on New York time', () => {
    const mail = invoiceMessage({ ...invoice, status: 'open', paidAt: null }, party, {
      language: 'ru',
      dateFormat: 'MM/DD/YYYY',
      timeZone: 'America/New_York',
    });
    expect(mail.subject).toBe('Счёт INV-000042 от IFTA Fuel Tax');
    expect(mail.text).toContain('Здравствуйте, Paying Freight LLC!\n\nВаш счёт INV-000042 во вложении.');
    expect(mail.text).toContain('Статус: открыт');
    expect(mail.text).toContain('Выставлен: 03/07/2026\nПериод: 03/07/2026 - 04/07/2026');
    expect(mail.text).toContain('Описание: Тариф Professional, ежемесячная подписка');
    expect(mail.text).toContain('Оплачен: не оплачен');
    expect(mail.text).not.toMatch(/Invoice|Hello|not paid/);
  });
});
