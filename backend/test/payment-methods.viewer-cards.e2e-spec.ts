import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addMember } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * A viewer read the company's saved cards (brand, last four digits, expiry), its invoices and its payments. Cards and
 * payments are the owner's, as changing them is: every other role gets 403 naming the owner role.
 */
describe('cards and payments are the owner’s to see', () => {
  let t: TestApp;
  let owner: TestAccount;
  let cardId: string;
  let invoiceId: string | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerAccount(t.http, {}, { plan_id: 'professional' });
    const cards = (await t.http.get('/api/protected/payment-methods').set(owner.auth).expect(200)).body;
    cardId = (cards.payment_methods ?? cards.data ?? cards)[0]?.id;
    const invoices = (await t.http.get('/api/protected/invoices').set(owner.auth).expect(200)).body;
    invoiceId = invoices.invoices?.[0]?.id;
  });
  afterAll(() => t.close());

  const reads = () => [
    '/api/protected/payment-methods',
    `/api/protected/payment-methods/${cardId}`,
    '/api/protected/invoices',
    '/api/protected/subscriptions/payments',
    ...(invoiceId ? [`/api/protected/invoices/${invoiceId}`, `/api/protected/invoices/${invoiceId}/pdf`] : []),
  ];

  it.each(['viewer', 'bookkeeper', 'admin'] as const)('refuses a %s every card and payment read', async (role) => {
    expect(cardId).toEqual(expect.any(String));
    const member = await addMember(t, owner, role);
    for (const path of reads()) {
      const res = await t.http.get(path).set(member.auth);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.error).toBe('This needs the owner role');
      expect(JSON.stringify(res.body)).not.toMatch(/4242|last4/);
    }
  });

  it('still shows the owner all of them', async () => {
    for (const path of reads()) {
      const res = await t.http.get(path).set(owner.auth);
      expect([path, res.status]).toEqual([path, 200]);
    }
  });
});
