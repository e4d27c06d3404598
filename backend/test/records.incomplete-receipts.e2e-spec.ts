import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * A tax-paid receipt without the seller's name, address or total is not credited as tax-paid in a return built from
 * records until it is completed: its gallons count as not tax-paid, and the preview and the build say which.
 */
describe('returns from records: tax-paid receipts missing a required field', () => {
  let t: TestApp;
  let a: TestAccount;
  let incomplete: string;
  const COMPLETE = { vendor: 'Pilot #12', vendor_address: '1200 I-35 N, Dallas TX', total_price: 300 };

  const add = async (path: string, body: object) =>
    (await t.http.post(path).set(a.auth).send(body).expect(201)).body.id as string;
  const preview = async () =>
    (await t.http.post('/api/protected/returns/preview').set(a.auth).send({ period: 'Q3-2026' }).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    await add('/api/protected/trips', { date: '2026-07-02', unit: 'M1', jurisdiction: 'TX', miles: 600 });
    await add('/api/protected/fuel-purchases', {
      date: '2026-07-02',
      unit: 'M1',
      jurisdiction: 'TX',
      quantity: 60,
      ...COMPLETE,
    });
    incomplete = await add('/api/protected/fuel-purchases', {
      date: '2026-07-03',
      unit: 'M1',
      jurisdiction: 'TX',
      quantity: 40,
      receipt_number: 'R-40',
      vendor: 'Love’s',
    });
    // Not tax-paid: no credit is claimed, so its receipt fields are not what an audit disallows.
    await add('/api/protected/fuel-purchases', {
      date: '2026-07-04',
      unit: 'M1',
      jurisdiction: 'TX',
      quantity: 10,
      tax_paid: false,
    });
  });
  afterAll(() => t.close());

  it('credits only the complete receipt as tax-paid and lists the other with what it lacks', async () => {
    const body = await preview();
    expect(body.lines).toEqual([
      expect.objectContaining({ name: 'TX', total_miles: 600, gallons_purchased: 60, non_tax_paid_gallons: 50 }),
    ]);
    expect(body.receipts_left_out).toEqual([
      {
        id: incomplete,
        date: '2026-07-03',
        unit: 'M1',
        jurisdiction: 'TX',
        gallons: 40,
        receipt_number: 'R-40',
        missing: ['vendor_address', 'total_price'],
      },
    ]);
  });

  it('says the same in the build, and credits the receipt once it is completed', async () => {
    const built = await t.http.post('/api/protected/returns/build').set(a.auth).send({ period: 'Q3-2026' }).expect(200);
    expect(built.body.receipts_left_out.map((r: { id: string }) => r.id)).toEqual([incomplete]);
    expect(built.body.report.jurisdictions[0]).toMatchObject({ gallons_purchased: 60, non_tax_paid_gallons: 50 });

    await t.http
      .put(`/api/protected/fuel-purchases/${incomplete}`)
      .set(a.auth)
      .send({ date: '2026-07-03', unit: 'M1', jurisdiction: 'TX', quantity: 40, receipt_number: 'R-40', ...COMPLETE })
      .expect(200);
    const after = await preview();
    expect(after.receipts_left_out).toEqual([]);
    expect(after.lines[0]).toMatchObject({ gallons_purchased: 100, non_tax_paid_gallons: 10 });
  });
});
