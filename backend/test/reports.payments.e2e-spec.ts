import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { addMember } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/**
 * A filed return records what was paid on it and given back, and every report answers its balance
 * (backend/src/reports/return-balance.ts). A Q2-2025 diesel return, due 2025-07-31, filed on time: Washington's
 * 20,000 miles at a typed $0.125 are 4,000 gallons, $500.00 (Alaska, no IFTA member, carries the fleet's gallons so
 * the fleet MPG is 5.00); each 100 more Washington miles are $2.50 more.
 */
const washington = (miles: number, filedAt: string, status: 'final' | 'draft' = 'final') => ({
  company_name: 'Cascade Payments Co',
  tax_period: 'Q2-2025',
  calculation_mode: 'official',
  status,
  filed_at: status === 'final' ? filedAt : undefined,
  jurisdictions: [
    { name: 'WA', total_miles: miles, taxable_miles: miles, gallons_purchased: 0, tax_rate: 0.125 },
    { name: 'AK', total_miles: 480000, taxable_miles: 480000, gallons_purchased: 100000 },
  ],
});

interface Balance {
  id: string;
  total_to_remit: number;
  amount_due: number | null;
  paid: number | null;
  balance: number | null;
  settlement: string | null;
}

interface Payment {
  id: string;
  report_id: string | null;
  kind: string;
  paid_on: string;
  amount: number;
  method: string;
  reference: string | null;
}

const entry = (amount: number, kind = 'payment', paidOn = '2025-07-25') => ({
  kind,
  paid_on: paidOn,
  amount,
  method: 'ach',
  reference: 'ACH 4471',
});

describe('payments and balances of a filed return', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const file = async (a: TestAccount, miles: number, filedAt: string): Promise<Balance> =>
    (await t.http.post(REPORTS).set(a.auth).send(washington(miles, filedAt)).expect(201)).body as Balance;
  const read = async (a: TestAccount, id: string): Promise<Balance> =>
    (await t.http.get(`${REPORTS}/${id}`).set(a.auth).expect(200)).body as Balance;
  const pay = async (a: TestAccount, id: string, body: object): Promise<Payment> =>
    (await t.http.post(`${REPORTS}/${id}/payments`).set(a.auth).send(body).expect(201)).body as Payment;
  const balanceOf = (report: Balance) => ({
    amount_due: report.amount_due,
    paid: report.paid,
    balance: report.balance,
    settlement: report.settlement,
  });
  /** The balance as the detail, the list's page and the plain list all answer it. */
  const everywhere = async (a: TestAccount, id: string) => {
    const detail = balanceOf(await read(a, id));
    const page = (await t.http.get(`${REPORTS}?page=1`).set(a.auth).expect(200)).body as { data: Balance[] };
    expect(balanceOf(page.data.find((summary) => summary.id === id)!)).toEqual(detail);
    const plain = (await t.http.get(REPORTS).set(a.auth).expect(200)).body as Balance[];
    expect(balanceOf(plain.find((report) => report.id === id)!)).toEqual(detail);
    return detail;
  };

  it('moves the balance to the cent with each payment and refund: unpaid, partly paid, credit due, paid', async () => {
    const a = await registerAccount(t.http);
    const filed = await file(a, 20000, '2025-07-20');
    expect(balanceOf(filed)).toEqual({ amount_due: 500, paid: 0, balance: 500, settlement: 'unpaid' });
    expect(await everywhere(a, filed.id)).toEqual({ amount_due: 500, paid: 0, balance: 500, settlement: 'unpaid' });

    const first = await pay(a, filed.id, entry(123.45));
    expect(first).toMatchObject({ report_id: filed.id, kind: 'payment', amount: 123.45, paid_on: '2025-07-25' });
    expect(await everywhere(a, filed.id)).toEqual({
      amount_due: 500,
      paid: 123.45,
      balance: 376.55,
      settlement: 'partly_paid',
    });

    // A cent too much is a credit owed to the carrier; its refund settles the return.
    await pay(a, filed.id, entry(376.56, 'payment', '2025-07-28'));
    expect(await everywhere(a, filed.id)).toEqual({
      amount_due: 500,
      paid: 500.01,
      balance: -0.01,
      settlement: 'credit_due',
    });
    const refund = await pay(a, filed.id, entry(0.01, 'refund', '2025-08-15'));
    expect(await everywhere(a, filed.id)).toEqual({ amount_due: 500, paid: 500, balance: 0, settlement: 'paid' });

    const listed = (await t.http.get(`${REPORTS}/${filed.id}/payments`).set(a.auth).expect(200)).body as Payment[];
    expect(listed.map((p) => [p.kind, p.amount, p.paid_on])).toEqual([
      ['payment', 123.45, '2025-07-25'],
      ['payment', 376.56, '2025-07-28'],
      ['refund', 0.01, '2025-08-15'],
    ]);

    await t.http.delete(`${REPORTS}/${filed.id}/payments/${refund.id}`).set(a.auth).expect(200);
    expect(await everywhere(a, filed.id)).toMatchObject({ balance: -0.01, settlement: 'credit_due' });
    await t.http.delete(`${REPORTS}/${filed.id}/payments/${refund.id}`).set(a.auth).expect(404);
  });

  it('settles a credit by refund or by carrying it forward', async () => {
    const a = await registerAccount(t.http);
    await file(a, 20000, '2025-07-20');
    // 280 fewer Washington miles: the amendment claims $7.00 back, so the return owes $493.00 in all.
    const amended = await file(a, 19720, '2025-07-30');
    expect(amended.total_to_remit).toBe(-7);
    await pay(a, amended.id, entry(500));
    expect(await everywhere(a, amended.id)).toEqual({
      amount_due: 493,
      paid: 500,
      balance: -7,
      settlement: 'credit_due',
    });
    await pay(a, amended.id, entry(7, 'credit_carried_forward', '2025-08-20'));
    expect(balanceOf(await read(a, amended.id))).toEqual({
      amount_due: 493,
      paid: 493,
      balance: 0,
      settlement: 'paid',
    });

    // A return that claims a credit from the start: a refund settles it.
    const b = await registerAccount(t.http);
    const credit = (
      await t.http
        .post(REPORTS)
        .set(b.auth)
        .send({
          ...washington(20000, '2025-07-20'),
          jurisdictions: [
            { name: 'WA', total_miles: 20000, taxable_miles: 20000, gallons_purchased: 4040, tax_rate: 0.125 },
            { name: 'AK', total_miles: 480000, taxable_miles: 480000, gallons_purchased: 95960 },
          ],
        })
        .expect(201)
    ).body as Balance;
    // Still 100,000 gallons in all (MPG 5.00): Washington used 4,000 and bought 4,040 tax-paid, $5.00 back.
    expect(balanceOf(credit)).toEqual({ amount_due: -5, paid: 0, balance: -5, settlement: 'credit_due' });
    await pay(b, credit.id, entry(5, 'refund'));
    expect(balanceOf(await read(b, credit.id))).toMatchObject({ paid: -5, balance: 0, settlement: 'credit_refunded' });
  });

  it("carries the original's payments into an amendment's balance", async () => {
    const a = await registerAccount(t.http);
    const original = await file(a, 20000, '2025-07-20');
    await pay(a, original.id, entry(500));
    expect(balanceOf(await read(a, original.id))).toEqual({
      amount_due: 500,
      paid: 500,
      balance: 0,
      settlement: 'paid',
    });

    // $2.50 more filed late: $50.00 penalty and $0.04 interest, $52.54 billed (reports.amendment-billing).
    const amended = await file(a, 20100, '2025-09-10');
    expect(amended.total_to_remit).toBe(52.54);
    const owed = { amount_due: 552.54, paid: 500, balance: 52.54, settlement: 'partly_paid' };
    expect(balanceOf(amended)).toEqual(owed);
    expect(await everywhere(a, amended.id)).toEqual(owed);
    // Both finals list the return's payments.
    const listed = (await t.http.get(`${REPORTS}/${amended.id}/payments`).set(a.auth).expect(200)).body as Payment[];
    expect(listed.map((p) => [p.report_id, p.amount])).toEqual([[original.id, 500]]);

    await pay(a, amended.id, entry(52.54, 'payment', '2025-09-12'));
    expect(await everywhere(a, amended.id)).toEqual({
      amount_due: 552.54,
      paid: 552.54,
      balance: 0,
      settlement: 'paid',
    });

    // Voiding the amendment leaves its payment with the return.
    await t.http.post(`${REPORTS}/${amended.id}/void`).set(a.auth).send({ reason: 'Filed in error' }).expect(200);
    expect(balanceOf(await read(a, original.id))).toEqual({
      amount_due: 500,
      paid: 552.54,
      balance: -52.54,
      settlement: 'credit_due',
    });
  });

  it('lets a viewer read the payments but not write them, and answers 404 for another company', async () => {
    const owner = await registerAccount(t.http);
    const filed = await file(owner, 20000, '2025-07-20');
    const payment = await pay(owner, filed.id, entry(100));
    const viewer = await addMember(t, owner, 'viewer');
    await t.http.get(`${REPORTS}/${filed.id}/payments`).set(viewer.auth).expect(200);
    await t.http.post(`${REPORTS}/${filed.id}/payments`).set(viewer.auth).send(entry(1)).expect(403);
    await t.http.delete(`${REPORTS}/${filed.id}/payments/${payment.id}`).set(viewer.auth).expect(403);
    const bookkeeper = await addMember(t, owner, 'bookkeeper');
    await pay(bookkeeper, filed.id, entry(1));

    const other = await registerAccount(t.http);
    const theirs = await file(other, 20000, '2025-07-20');
    await t.http.get(`${REPORTS}/${filed.id}/payments`).set(other.auth).expect(404);
    await t.http.post(`${REPORTS}/${filed.id}/payments`).set(other.auth).send(entry(1)).expect(404);
    await t.http.delete(`${REPORTS}/${filed.id}/payments/${payment.id}`).set(other.auth).expect(404);
    // Their own report, our payment's id: not theirs either.
    await t.http.delete(`${REPORTS}/${theirs.id}/payments/${payment.id}`).set(other.auth).expect(404);
    await t.http.post(`${REPORTS}/not-a-uuid/payments`).set(owner.auth).send(entry(1)).expect(404);
    expect(balanceOf(await read(owner, filed.id))).toMatchObject({ paid: 101, balance: 399 });
    expect(balanceOf(await read(other, theirs.id))).toMatchObject({ paid: 0, settlement: 'unpaid' });
  });

  it('refuses a bad entry with a 400 naming the field, and writes nothing', async () => {
    const a = await registerAccount(t.http);
    const filed = await file(a, 20000, '2025-07-20');
    const draft = (
      await t.http
        .post(REPORTS)
        .set(a.auth)
        .send(washington(20000, '', 'draft'))
        .expect(201)
    ).body as Balance;
    expect(balanceOf(draft)).toEqual({ amount_due: null, paid: null, balance: null, settlement: null });
    const written = async () => {
      const [row] = (await db.query(
        `SELECT (SELECT count(*)::int FROM return_payments WHERE user_id = $1) AS payments,
                (SELECT count(*)::int FROM audit_events WHERE company_id = $1) AS events`,
        [a.user.id],
      )) as Array<{ payments: number; events: number }>;
      return row;
    };
    const before = await written();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const refusals: Array<[string, object, string]> = [
      [filed.id, entry(0), 'amount'],
      [filed.id, entry(-5), 'amount'],
      [filed.id, entry(1.234), 'amount'],
      [filed.id, entry(10_000_000.01), 'amount'],
      [filed.id, entry(10, 'payment', future), 'paid_on'],
      [filed.id, entry(10, 'payment', '2025-02-30'), 'paid_on'],
      [filed.id, entry(10, 'gift'), 'kind'],
      [filed.id, { ...entry(10), method: 'cash' }, 'method'],
      [filed.id, { ...entry(10), reference: 'x'.repeat(101) }, 'reference'],
      [draft.id, entry(10), 'status'],
    ];
    for (const [id, body, field] of refusals) {
      const res = await t.http.post(`${REPORTS}/${id}/payments`).set(a.auth).send(body).expect(400);
      expect(Object.keys(res.body.fields as object)).toEqual([field]);
    }
    expect(await written()).toEqual(before);
    expect(balanceOf(await read(a, filed.id))).toEqual({
      amount_due: 500,
      paid: 0,
      balance: 500,
      settlement: 'unpaid',
    });
    // Exactly 10,000,000 and two decimals are accepted.
    await pay(a, filed.id, entry(10_000_000));
  });

  it('records each payment write in the audit trail, in its transaction', async () => {
    const a = await registerAccount(t.http);
    const filed = await file(a, 20000, '2025-07-20');
    const payment = await pay(a, filed.id, entry(250.5));
    await t.http.delete(`${REPORTS}/${filed.id}/payments/${payment.id}`).set(a.auth).expect(200);
    const events = (await db.query(
      `SELECT action, entity, entity_id, summary, changes FROM audit_events
        WHERE company_id = $1 AND action LIKE 'payment_%' ORDER BY created_at`,
      [a.user.id],
    )) as Array<{ action: string; entity: string; entity_id: string; summary: string; changes: object }>;
    expect(events).toEqual([
      {
        action: 'payment_record',
        entity: 'report',
        entity_id: filed.id,
        summary: expect.stringContaining('Recorded a payment of $250.50'),
        changes: { [`payment ${payment.id}`]: { before: null, after: expect.objectContaining({ amount: 250.5 }) } },
      },
      {
        action: 'payment_delete',
        entity: 'report',
        entity_id: filed.id,
        summary: expect.stringContaining('Deleted a payment of $250.50'),
        changes: { [`payment ${payment.id}`]: { before: expect.objectContaining({ amount: 250.5 }), after: null } },
      },
    ]);
  });
});
