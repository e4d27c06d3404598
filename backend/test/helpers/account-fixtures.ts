import type { INestApplication } from '@nestjs/common';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { Clock, type MovableClock } from '../../src/common/clock/clock.js';
import { SubscriptionRenewalsService } from '../../src/subscriptions/subscription-renewals.service.js';
import { documents } from './openapi-routes.js';
import type { TestAccount } from './test-app.js';

export const SAMPLE_REPORT = {
  company_name: 'Acme Freight LLC',
  license_number: 'OH-123456789',
  tax_period: 'Q1-2025',
  average_mpg: 5,
  status: 'draft',
  jurisdictions: [
    { name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.58 },
    { name: 'OK', total_miles: 300, taxable_miles: 250, gallons_purchased: 150, tax_rate: 0.3 },
  ],
};

/** A 1×1 PNG. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/** One id of each kind an account owns, keyed by the path segment that precedes `{id}` in the routes. */
export type AccountIds = Record<string, string>;

/**
 * Gives the account one of everything a route can address by id, so every `{id}` route has a real target. Given the
 * app, a subscribed account's first paid invoice is made by moving the app's clock past the trial.
 */
export async function createAccountData(
  http: TestAgent,
  account: TestAccount,
  app?: INestApplication,
): Promise<AccountIds> {
  const created = async (path: string, body: object) => {
    const res = await http.post(path).set(account.auth).send(body);
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${res.text}`);
    return res.body.id as string;
  };
  const ids: AccountIds = {
    reports: await created('/api/protected/reports', SAMPLE_REPORT),
    'calculation-sessions': await created('/api/protected/calculation-sessions', {
      name: 'Q1 fuel cards',
      average_mpg: 6,
      entries: [{ state: 'TX', miles_driven: 1500, total_miles: 1600, fuel_purchased: 200 }],
    }),
    'tax-rates-management': await created('/api/protected/tax-rates-management', {
      name: 'Fixture Territory',
      abbreviation: 'FXT',
      rate: 0.25,
      country: 'USA',
    }),
    trips: await created('/api/protected/trips', { date: '2026-04-02', unit: 'T-1', jurisdiction: 'TX', miles: 120 }),
    'fuel-purchases': await created('/api/protected/fuel-purchases', {
      date: '2026-04-02',
      unit: 'T-1',
      jurisdiction: 'TX',
      quantity: 40,
      receipt_number: 'FX-1',
    }),
    vehicles: await created('/api/protected/vehicles', { unit: 'FX-VAN', fuel_type: 'gasoline' }),
  };
  // A receipt attached to the fuel purchase, so another company's reads of it have a file to be refused.
  if (documents('POST /api/protected/fuel-purchases/{id}/attachment')) {
    const res = await http
      .post(`/api/protected/fuel-purchases/${ids['fuel-purchases']}/attachment`)
      .set(account.auth)
      .attach('file', Buffer.from(ONE_PIXEL_PNG, 'base64'), 'receipt.png');
    if (res.status !== 201) throw new Error(`the receipt attachment answered ${res.status}: ${res.text}`);
  }
  // The company itself, which its people switch to by id (another company's person is not a member: 404).
  ids.companies = account.user.id;
  // The company's own membership (its owner) and a pending invitation.
  if (documents('GET /api/protected/members')) {
    const members = await http.get('/api/protected/members').set(account.auth);
    if (members.status !== 200) throw new Error(`/api/protected/members answered ${members.status}: ${members.text}`);
    ids.members = members.body.members[0].id as string;
    ids.invitations = await created('/api/protected/members/invitations', {
      email: `invited-${ids.members.slice(0, 8)}@example.com`,
      role: 'viewer',
    });
  }
  // Billing records, where this build documents billing: a saved card, and the invoice of the subscription.
  if (documents('POST /api/sandbox/payment_methods') && documents('POST /api/protected/payment-methods')) {
    const card = await http
      .post('/api/sandbox/payment_methods')
      .send({ number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' });
    const saved = await http
      .post('/api/protected/payment-methods')
      .set(account.auth)
      .send({ payment_method_id: card.body.id });
    const id = saved.body.id ?? saved.body.payment_method?.id;
    if (id) ids['payment-methods'] = id;
  }
  if (documents('GET /api/protected/invoices')) {
    const list = await http.get('/api/protected/invoices').set(account.auth);
    const id = (list.body.invoices ?? list.body.data ?? [])[0]?.id;
    if (id) ids.invoices = id;
    else if (app) ids.invoices = await paidInvoice(http, account, app);
  }
  // A payment recorded on a filed return (payments are refused on a draft, so the return is a final of its own).
  if (documents('POST /api/protected/reports/{id}/payments')) {
    const final = await created('/api/protected/reports', { ...SAMPLE_REPORT, status: 'final' });
    ids.payments = await created(`/api/protected/reports/${final}/payments`, {
      kind: 'payment',
      paid_on: '2026-01-15',
      amount: 10,
      method: 'ach',
    });
  }
  // A notice that a published matrix changed a final return: written as the publish would, for the account's report.
  if (app && documents('POST /api/protected/rate-notices/{id}/amend')) {
    const [notice] = await app.get(DataSource).query(
      `INSERT INTO report_rate_notices (user_id, report_id, quarter, matrix_version, previous_tax_due, new_tax_due)
       VALUES ($1, $2, 'Q2-2026', 1, 10, 12) RETURNING id`,
      [account.user.id, ids.reports],
    );
    ids['rate-notices'] = notice.id as string;
  }
  return ids;
}

/** Renews this account alone a month ahead, so it has a paid invoice, then puts the clock back. */
async function paidInvoice(http: TestAgent, account: TestAccount, app: INestApplication): Promise<string> {
  const clock = app.get(Clock) as MovableClock;
  clock.advance(31 * 24 * 60 * 60 * 1000);
  try {
    await app.get(SubscriptionRenewalsService).processDue(account.user.id);
  } finally {
    clock.reset();
  }
  const res = await http.get('/api/protected/invoices').set(account.auth).expect(200);
  if (res.body.invoices.length === 0) throw new Error('the account has no invoice: is it subscribed?');
  return res.body.invoices[0].id as string;
}

/**
 * The route's concrete URL with each `{param}` replaced by the account's id of the resource named just before it.
 * A route whose resource has no fixture fails loudly: a new id route must get one here, never a random id that
 * would make every tenancy check pass vacuously.
 */
export function fillPath(path: string, ids: AccountIds): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      if (!/^\{.+\}$/.test(segment)) return segment;
      const resource = segments[index - 1];
      const id = ids[resource];
      if (!id) throw new Error(`No fixture for ${path}: add a "${resource}" to createAccountData`);
      return id;
    })
    .join('/');
}
