import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  registerAccount,
  TEST_CARDS,
  type TestAccount,
  type TestApp,
  tokenizeCard,
} from './helpers/test-app.js';

const URL = '/api/protected/payment-methods';
const SUBSCRIPTION = '/api/protected/subscriptions';

describe('payment methods API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (account: TestAccount) =>
    (await t.http.get(URL).set(account.auth).expect(200)).body.payment_methods as Array<Record<string, unknown>>;
  const add = async (account: TestAccount, number: string = TEST_CARDS.success, extra: object = {}) =>
    t.http
      .post(URL)
      .set(account.auth)
      .send({ payment_method_id: await tokenizeCard(t.http, number), ...extra });
  const defaults = async (account: TestAccount) => (await list(account)).filter((card) => card.is_default);

  it('saves the card used to subscribe, as the default, with brand, last 4 and expiry', async () => {
    const a = await registerAccount(t.http);
    expect(await list(a)).toEqual([
      {
        id: expect.any(String),
        provider: 'sandbox',
        provider_payment_method_id: expect.stringMatching(/^pm_sandbox_/),
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: new Date().getUTCFullYear() + 3,
        nickname: null,
        is_default: true,
        created_at: expect.any(String),
      },
    ]);
  });

  it('adds a second card without changing the default, unless asked', async () => {
    const a = await registerAccount(t.http);
    const second = await add(a, '5555555555554444', { nickname: 'Fuel card' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      card_brand: 'mastercard',
      card_last4: '4444',
      nickname: 'Fuel card',
      is_default: false,
    });
    expect(await defaults(a)).toEqual([expect.objectContaining({ card_last4: '4242' })]);
    const third = await add(a, TEST_CARDS.success, { set_default: true });
    expect(third.body.is_default).toBe(true);
    expect(await defaults(a)).toEqual([expect.objectContaining({ id: third.body.id })]);
  });

  it('makes the first card of an account without cards the default', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const res = await add(a);
    expect(res.body.is_default).toBe(true);
  });

  it('refuses a declined card (402) and an unknown token (400 naming payment_method_id)', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const declined = await add(a, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe('Your card was declined.');
    const unknown = await t.http.post(URL).set(a.auth).send({ payment_method_id: 'pm_nope' }).expect(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['payment_method_id']);
    expect(await list(a)).toEqual([]);
  });

  it('sets another card as default; the old one stops being default', async () => {
    const a = await registerAccount(t.http);
    const second = (await add(a)).body;
    const res = await t.http.put(`${URL}/${second.id}`).set(a.auth).send({ is_default: true }).expect(200);
    expect(res.body.is_default).toBe(true);
    expect((await defaults(a)).map((card) => card.id)).toEqual([second.id]);
  });

  it('keeps exactly one default under two concurrent set-default requests', async () => {
    const a = await registerAccount(t.http);
    const x = (await add(a)).body;
    const y = (await add(a)).body;
    for (let round = 0; round < 3; round += 1) {
      const [rx, ry] = await Promise.all([
        t.http.put(`${URL}/${x.id}`).set(a.auth).send({ is_default: true }),
        t.http.put(`${URL}/${y.id}`).set(a.auth).send({ is_default: true }),
      ]);
      expect([rx.status, ry.status]).toEqual([200, 200]);
      expect(await defaults(a)).toHaveLength(1);
    }
  });

  it('has the database refuse a second default even past the service', async () => {
    const a = await registerAccount(t.http);
    await add(a);
    const db = t.app.get(DataSource);
    await expect(
      db.query('UPDATE payment_methods SET is_default = true WHERE user_id = $1', [a.user.id]),
    ).rejects.toThrow(/payment_methods_one_default_per_account/);
  });

  it('renames a card and clears the name', async () => {
    const a = await registerAccount(t.http);
    const [card] = await list(a);
    const named = await t.http.put(`${URL}/${card.id}`).set(a.auth).send({ nickname: '  Work Card ' }).expect(200);
    expect(named.body).toMatchObject({ nickname: 'Work Card', is_default: true });
    const cleared = await t.http.put(`${URL}/${card.id}`).set(a.auth).send({ nickname: '' }).expect(200);
    expect(cleared.body.nickname).toBeNull();
  });

  it.each([
    [{}, 'is_default'],
    [{ is_default: false }, 'is_default'],
    [{ nickname: 'x'.repeat(51) }, 'nickname'],
    [{ nickname: 7 }, 'nickname'],
    [{ brand: 'amex' }, 'brand'],
  ])('refuses the update %j with a 400 naming %s', async (body, field) => {
    const a = await registerAccount(t.http);
    const [card] = await list(a);
    const res = await t.http.put(`${URL}/${card.id}`).set(a.auth).send(body).expect(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect((await list(a))[0]).toMatchObject({ nickname: null, is_default: true });
  });

  it('deleting the default promotes another card; the only card of a renewing subscription stays until cancel', async () => {
    const a = await registerAccount(t.http);
    const [first] = await list(a);
    const second = (await add(a)).body;
    const res = await t.http.delete(`${URL}/${first.id}`).set(a.auth).expect(200);
    expect(res.body).toEqual({ id: first.id, deleted: true, new_default_id: second.id });
    expect(await list(a)).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
    // The trial renews on this card: deleting it would leave the next charge nothing to charge.
    const refused = await t.http.delete(`${URL}/${second.id}`).set(a.auth).expect(409);
    expect(refused.body.message).toBe(
      'This card pays your subscription and it is your only card: add another card first (or cancel the ' +
        'subscription) before deleting it',
    );
    expect(await list(a)).toHaveLength(1);
    // Once the subscription is set to cancel, the specification's way holds again: the last card can go.
    await t.http.delete(SUBSCRIPTION).set(a.auth).expect(200);
    const last = await t.http.delete(`${URL}/${second.id}`).set(a.auth).expect(200);
    expect(last.body.new_default_id).toBeNull();
    expect(await list(a)).toEqual([]);
  });

  it("answers 404 for another account's card on update and delete, and never lists it", async () => {
    const a = await registerAccount(t.http);
    const b = await registerAccount(t.http);
    const [aCard] = await list(a);
    await t.http.put(`${URL}/${aCard.id}`).set(b.auth).send({ nickname: 'mine now' }).expect(404);
    await t.http.put(`${URL}/${aCard.id}`).set(b.auth).send({ is_default: true }).expect(404);
    await t.http.delete(`${URL}/${aCard.id}`).set(b.auth).expect(404);
    await t.http.delete(`${URL}/not-a-uuid`).set(b.auth).expect(404);
    expect((await list(b)).map((card) => card.id)).not.toContain(aCard.id);
    expect(await list(a)).toEqual([expect.objectContaining({ id: aCard.id, nickname: null, is_default: true })]);
  });

  it('requires a token', async () => {
    await t.http.get(URL).expect(401);
  });
});
