import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { SubscriptionRenewalsService } from '../src/subscriptions/subscription-renewals.service.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { outboxMails } from './helpers/outbox-mails.js';
import { pdfPages } from './helpers/pdf-text.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser } from './helpers/xlsx.js';

/** A day (DD/MM/YYYY) as a clock in `timeZone` reads the instant `iso`. */
const dayIn = (iso: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
  return parts.format(new Date(iso));
};

/**
 * The invoice follows the account's language, date format and time zone: its e-mail (the automatic and the resent
 * one), its PDF and its web page.
 */
describe("the invoice in the account's language", () => {
  let t: TestApp;
  let clock: MovableClock;
  let russian: TestAccount;
  const ZONE = 'America/Vancouver';
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
    russian = await registerAccount(t.http, { company_name: 'Перевозки ООО' }, { plan_id: 'professional' });
    await t.http
      .put('/api/protected/user/settings')
      .set(russian.auth)
      .send({ language: 'ru', date_format: 'DD/MM/YYYY', timezone: ZONE })
      .expect(200);
    // The trial ends after 14 days: the first renewal is charged and its invoice e-mailed.
    clock.advance(14 * DAY_MS);
    await t.app.get(SubscriptionRenewalsService).processDue(russian.user.id);
    await t.app.get(Outbox).deliverNow();
  }, 60_000);
  afterAll(async () => {
    clock?.reset();
    await t?.close();
  });

  const invoiceMails = () =>
    outboxMails(t.app.get<AppConfig>(APP_CONFIG).dataDir, russian.user.email).filter((mail) =>
      mail.includes('от IFTA Fuel Tax'),
    );

  it('is written in Russian, each date in DD/MM/YYYY on the account clock, with the PDF attached', async () => {
    const [invoice] = (await t.http.get('/api/protected/invoices').set(russian.auth).expect(200)).body.invoices;
    const mails = invoiceMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain(`Subject: Счёт ${invoice.invoice_number} от IFTA Fuel Tax`);
    expect(mail).toContain(`Здравствуйте, Перевозки ООО!\n\nВаш счёт ${invoice.invoice_number} во вложении.`);
    expect(mail).toContain(`Выставлен: ${dayIn(invoice.created_at, ZONE)}`);
    expect(mail).toContain(`Период: ${dayIn(invoice.period_start, ZONE)} - ${dayIn(invoice.period_end, ZONE)}`);
    expect(mail).toContain(`Оплачен: ${dayIn(invoice.paid_at, ZONE)}`);
    expect(mail).toContain('Статус: оплачен');
    expect(mail).toContain('Content-Type: application/pdf');
    expect(mail).not.toContain('Your invoice');
  });

  it('is resent in Russian too', async () => {
    const [invoice] = (await t.http.get('/api/protected/invoices').set(russian.auth).expect(200)).body.invoices;
    await t.http.post('/api/protected/invoices/resend').set(russian.auth).send({ invoice_id: invoice.id }).expect(200);
    const mails = invoiceMails();
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail).toContain(`Subject: Счёт ${invoice.invoice_number} от IFTA Fuel Tax`);
  });

  it('prints its PDF in Russian, each date in DD/MM/YYYY on the account clock, the Cyrillic kept', async () => {
    const [invoice] = (await t.http.get('/api/protected/invoices').set(russian.auth).expect(200)).body.invoices;
    const res = await t.http
      .get(`/api/protected/invoices/${invoice.id}/pdf`)
      .set(russian.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const pages = await pdfPages(res.body as Buffer);
    expect(pages).toHaveLength(1);
    const text = pages[0].replace(/\s+/g, ' ');
    expect(text).toContain(`Счёт ${invoice.invoice_number}`);
    expect(text).toContain(`Номер счёта: ${invoice.invoice_number}`);
    expect(text).toContain('Статус: оплачен');
    expect(text).toContain(`Плательщик: Перевозки ООО <${russian.user.email}>`);
    expect(text).toContain(`Выставлен: ${dayIn(invoice.created_at, ZONE)}`);
    expect(text).toContain(`Период: ${dayIn(invoice.period_start, ZONE)} - ${dayIn(invoice.period_end, ZONE)}`);
    expect(text).toContain('Описание: Тариф Professional, ежемесячная подписка');
    expect(text).toContain('Сумма: $59.00');
    expect(text).toContain(`Оплачен: ${dayIn(invoice.paid_at, ZONE)}`);
    expect(text).toContain('Итого: $59.00');
    expect(text).not.toMatch(/Invoice|Billed|Total|\?\?/);
    // The signed link serves the very same file.
    const byLink = await t.http.get(invoice.invoice_pdf).buffer(true).parse(binaryParser).expect(200);
    expect((byLink.body as Buffer).equals(res.body as Buffer)).toBe(true);
  });

  it('shows its web page in Russian, with its dates', async () => {
    const [invoice] = (await t.http.get('/api/protected/invoices').set(russian.auth).expect(200)).body.invoices;
    const res = await t.http.get(invoice.hosted_invoice_url).expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('<html lang="ru">');
    expect(res.text).toContain(`<h1>Счёт ${invoice.invoice_number}</h1>`);
    expect(res.text).toContain(`<th>Выставлен</th><td>${dayIn(invoice.created_at, ZONE)}</td>`);
    expect(res.text).toContain(
      `<th>Период</th><td>${dayIn(invoice.period_start, ZONE)} - ${dayIn(invoice.period_end, ZONE)}</td>`,
    );
    expect(res.text).toContain('<th>Плательщик</th><td>Перевозки ООО');
    expect(res.text).toContain('>Скачать PDF</a>');
    expect(res.text).not.toMatch(/Invoice|Download|Issued/);
  });
});
