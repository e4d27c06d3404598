import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { SubscriptionRenewalsService } from '../src/subscriptions/subscription-renewals.service.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser } from './helpers/xlsx.js';

/** A day (MM/DD/YYYY) as a clock in `timeZone` reads the instant `iso`. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );

describe('invoices API', () => {
  let t: TestApp;
  let clock: MovableClock;
  let outbox: string;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
    outbox = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox');
    // Account a pays 12 months: the trial ends after 14 days, then 11 renewals.
    a = await registerAccount(t.http, { company_name: 'Paying Freight (Main) LLC' }, { plan_id: 'professional' });
    b = await registerAccount(t.http, {}, { plan_id: 'professional' });
    // The job's per-account work, for these two accounts only: the run's database holds every suite's accounts.
    const renewals = t.app.get(SubscriptionRenewalsService);
    const renew = async () => {
      await renewals.processDue(a.user.id);
      await renewals.processDue(b.user.id);
    };
    clock.advance(14 * DAY_MS);
    await renew();
    for (let month = 0; month < 11; month += 1) {
      clock.advance(31 * DAY_MS);
      await renew();
    }
  }, 120_000);
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const emails = () =>
    existsSync(outbox) ? readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8')) : [];
  const page = async (account: TestAccount, query = '') =>
    (await t.http.get(`/api/protected/invoices${query}`).set(account.auth).expect(200)).body;

  it("answers the same page in the common list envelope beside the spec's fields", async () => {
    const second = await page(a, '?page=2');
    expect(second.pagination).toEqual({ total: 12, totalPages: 2, page: 2, limit: 10 });
    expect(second.data).toEqual(second.invoices);
    expect(second.data).toHaveLength(2);
  });

  it('lists 10 invoices a page, newest first, with page and total', async () => {
    const first = await page(a);
    expect(first).toMatchObject({ page: 1, limit: 10, total: 12, total_pages: 2 });
    expect(first.invoices).toHaveLength(10);
    const second = await page(a, '?page=2');
    expect(second.invoices).toHaveLength(2);
    const numbers = [...first.invoices, ...second.invoices].map((i: { invoice_number: string }) => i.invoice_number);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    expect(first.invoices[0]).toEqual({
      id: expect.any(String),
      provider: 'sandbox',
      provider_invoice_id: null,
      invoice_number: expect.stringMatching(/^INV-\d{6,}$/),
      status: 'paid',
      plan_name: 'Professional',
      amount: 59,
      currency: 'USD',
      period: expect.stringMatching(/^\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}$/),
      period_start: expect.any(String),
      period_end: expect.any(String),
      description: 'Professional plan, monthly subscription',
      created_at: expect.any(String),
      paid_at: expect.any(String),
      email_sent: true,
      email_sent_at: expect.any(String),
      hosted_invoice_url: expect.stringMatching(/^\/api\/invoices\/[0-9a-f-]+\/view\?expires=\d+&signature=/),
      invoice_pdf: expect.stringMatching(/^\/api\/invoices\/[0-9a-f-]+\/pdf\?expires=\d+&signature=/),
    });
  });

  it('e-mailed each paid invoice with its PDF attached', async () => {
    // The outbox sender delivers after each payment's commit; what it has not delivered yet goes out now.
    await t.app.get(Outbox).deliverNow();
    // The account's other mail (the link to prove its address) is not an invoice.
    const mails = emails().filter((mail) => mail.includes(`To: ${a.user.email}`) && !mail.includes('/verify-email?'));
    expect(mails).toHaveLength(12);
    expect(mails[0]).toMatch(/Subject: Invoice INV-\d{6,} from IFTA Fuel Tax/);
    expect(mails[0]).toContain('Content-Type: application/pdf');
  });

  it('serves a real PDF per invoice, by bearer token and by its signed link', async () => {
    const [invoice] = (await page(a)).invoices;
    const byToken = await t.http
      .get(`/api/protected/invoices/${invoice.id}/pdf`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(byToken.headers['content-type']).toBe('application/pdf');
    expect((byToken.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(byToken.body as Buffer);
    expect(pages).toHaveLength(1);
    const text = pages[0].replace(/\s+/g, ' ');
    expect(text).toContain(`Invoice ${invoice.invoice_number}`);
    expect(text).toContain(`Invoice number: ${invoice.invoice_number}`);
    expect(text).toContain('Status: paid');
    expect(text).toContain(`Billed to: Paying Freight (Main) LLC <${a.user.email}>`);
    // The account keeps the default settings: MM/DD/YYYY on New York time.
    expect(text).toContain(`Issued: ${dayIn(invoice.created_at, 'America/New_York')}`);
    expect(text).toContain(
      `Period: ${dayIn(invoice.period_start, 'America/New_York')} - ${dayIn(invoice.period_end, 'America/New_York')}`,
    );
    expect(text).toContain('Description: Professional plan, monthly subscription');
    expect(text).toContain('Amount: $59.00');
    expect(text).toContain(`Paid: ${dayIn(invoice.paid_at, 'America/New_York')}`);
    expect(text).toContain('Total: $59.00');
    const byLink = await t.http.get(invoice.invoice_pdf).buffer(true).parse(binaryParser).expect(200);
    expect((byLink.body as Buffer).equals(byToken.body as Buffer)).toBe(true);
  });

  it('shows the invoice page behind hosted_invoice_url', async () => {
    const [invoice] = (await page(a)).invoices;
    const res = await t.http.get(invoice.hosted_invoice_url).expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain(`<h1>Invoice ${invoice.invoice_number}</h1>`);
    expect(res.text).toContain('Paying Freight (Main) LLC');
    expect(res.text).toContain(`<th>Issued</th><td>${dayIn(invoice.created_at, 'America/New_York')}</td>`);
    expect(res.text).toContain('<th>Amount</th><td>$59.00</td>');
    expect(res.text).toContain('>Download PDF</a>');
  });

  it('refuses a tampered, re-targeted or expired link with 404', async () => {
    const [invoice, other] = (await page(a)).invoices;
    // One character of the signature changed (to another one: a signature may well start with 'x').
    const tampered = invoice.invoice_pdf.replace(/signature=(.)/, (_: string, first: string) =>
      first === 'x' ? 'signature=y' : 'signature=x',
    );
    expect(tampered).not.toBe(invoice.invoice_pdf);
    await t.http.get(tampered).expect(404);
    await t.http.get(invoice.invoice_pdf.replace(invoice.id, other.id)).expect(404);
    await t.http.get(invoice.invoice_pdf.replace('/pdf?', '/view?')).expect(404);
    await t.http.get(`/api/invoices/${invoice.id}/pdf`).expect(404);
    clock.advance(2 * DAY_MS);
    await t.http.get(invoice.invoice_pdf).expect(404);
  });

  it('resends an invoice by e-mail: an .eml lands in the outbox and email_sent_at moves', async () => {
    const [invoice] = (await page(a)).invoices;
    const before = emails().length;
    clock.advance(DAY_MS);
    const res = await t.http
      .post('/api/protected/invoices/resend')
      .set(a.auth)
      .send({ invoice_id: invoice.id })
      .expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.invoice).toMatchObject({ id: invoice.id, email_sent: true });
    expect(res.body.invoice.email_sent_at).not.toBe(invoice.email_sent_at);
    expect(Math.abs(new Date(res.body.invoice.email_sent_at).getTime() - clock.now().getTime())).toBeLessThan(5000);
    const after = emails();
    expect(after).toHaveLength(before + 1);
    const mail = after.find(
      (m) => m.includes(`Subject: Invoice ${invoice.invoice_number}`) && m.includes(`To: ${a.user.email}`),
    );
    expect(mail).toBeDefined();
    expect(mail).toContain(`filename=${invoice.invoice_number}.pdf`);
  });

  it("keeps each account's invoices to itself: another account's ids answer 404", async () => {
    const [invoice] = (await page(a)).invoices;
    const theirs = await page(b);
    expect(theirs.total).toBe(12); // b was billed too, on its own invoices
    const mine = new Set((await page(a)).invoices.map((i: { id: string }) => i.id));
    expect(theirs.invoices.filter((i: { id: string }) => mine.has(i.id))).toEqual([]);
    await t.http.post('/api/protected/invoices/resend').set(b.auth).send({ invoice_id: invoice.id }).expect(404);
    await t.http.get(`/api/protected/invoices/${invoice.id}/pdf`).set(b.auth).expect(404);
    await t.http.get('/api/protected/invoices/not-a-uuid/pdf').set(b.auth).expect(404);
  });

  it('numbers invoices with at least six digits and never cuts a longer number', async () => {
    const db = t.app.get(DataSource);
    const [{ last_value: saved }] = await db.query('SELECT last_value FROM invoice_number_seq');
    const insert = () =>
      db.query(
        `INSERT INTO invoices (user_id, provider, status, plan_name, amount, currency, period_start, period_end,
                               description, created_at)
         VALUES ($1, 'sandbox', 'void', 'Test', 0, 'USD', now(), now(), 'numbering', now()) RETURNING invoice_number`,
        [b.user.id],
      );
    try {
      await db.query("SELECT setval('invoice_number_seq', 999998)");
      const numbers = [(await insert())[0].invoice_number, (await insert())[0].invoice_number];
      expect(numbers).toEqual(['INV-999999', 'INV-1000000']);
    } finally {
      await db.query("DELETE FROM invoices WHERE description = 'numbering'");
      await db.query("SELECT setval('invoice_number_seq', $1)", [saved]);
    }
  });

  it.each([
    ['/api/protected/invoices?page=0', 'page'],
    ['/api/protected/invoices?limit=1000', 'limit'],
    ['/api/protected/invoices?page=abc', 'page'],
  ])('refuses %s with a 400 naming %s', async (url, field) => {
    const res = await t.http.get(url).set(a.auth).expect(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('refuses a resend without a proper invoice_id', async () => {
    const missing = await t.http.post('/api/protected/invoices/resend').set(a.auth).send({}).expect(400);
    expect(Object.keys(missing.body.fields)).toEqual(['invoice_id']);
    const bad = await t.http.post('/api/protected/invoices/resend').set(a.auth).send({ invoice_id: 'x' }).expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['invoice_id']);
  });

  it('requires a token', async () => {
    await t.http.get('/api/protected/invoices').expect(401);
    await t.http.post('/api/protected/invoices/resend').send({}).expect(401);
  });
});
