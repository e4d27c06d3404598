import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PLAN_SEATS } from '../src/subscriptions/plan-seats.js';
import { invite } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const USAGE = '/api/protected/usage';
const CLIENTS = '/api/protected/client-companies';
const INVITATIONS = '/api/protected/members/invitations';
const MB = 1024 * 1024;
/** The quotas of this suite's server: 1 MB of receipts a company, 2 client companies on Starter. */
const STORAGE_MB = 1;
const STARTER_CLIENTS = 2;
const POOL = 4;

const JPEG_HEAD = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
]);
/** A JPEG of exactly `size` bytes (its type is read from its first bytes). */
const jpegOf = (size: number) =>
  Buffer.concat([JPEG_HEAD, Buffer.alloc(size - JPEG_HEAD.length - 2), Buffer.from([0xff, 0xd9])]);

const PURCHASE = { date: '2026-08-03', unit: 'R-1', jurisdiction: 'TX', quantity: 50, vendor: 'Pilot #12' };

const storageFull = (usedMb: string, limitMb: string) =>
  `Receipt storage is full: ${usedMb} MB of ${limitMb} MB used. Delete receipts you no longer need or contact support.`;

/**
 * What a tenant may store and add, each quota attacked first: receipt bytes per company, client companies per plan
 * (none without a subscription), seats counted across a practice and the clients it pays for. Each refusal names its
 * limit and writes nothing; uploads and additions sent at once never pass the limit; GET /usage shows the figures.
 */
describe('quotas on what a company stores and adds', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    delete process.env.STORAGE_DRIVER;
    t = await createTestApp({
      RECEIPT_STORAGE_MB_PER_COMPANY: String(STORAGE_MB),
      CLIENT_COMPANIES_STARTER: String(STARTER_CLIENTS),
      // Enough uploads at once for the race below to reach the quota rather than the upload gate.
      UPLOAD_CONCURRENCY: '20',
      // Few connections, so a burst of uploads outnumbers them.
      DB_POOL_SIZE: String(POOL),
    });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    delete process.env.DB_POOL_SIZE;
  });

  const purchase = async (who: TestAccount) =>
    (await t.http.post('/api/protected/fuel-purchases').set(who.auth).send(PURCHASE).expect(201)).body.id as string;
  const attach = (who: TestAccount, id: string, bytes: Buffer) =>
    t.http
      .post(`/api/protected/fuel-purchases/${id}/attachment`)
      .set(who.auth)
      .attach('file', bytes, { filename: 'receipt.jpg', contentType: 'image/jpeg' });
  const storedKeys = async (who: TestAccount) =>
    (
      (await db.query('SELECT key FROM stored_files WHERE key LIKE $1', [`receipts/${who.user.id}/%`])) as Array<{
        key: string;
      }>
    ).map((row) => row.key);
  const usage = async (who: TestAccount) => (await t.http.get(USAGE).set(who.auth).expect(200)).body;
  const switchTo = async (who: TestAccount, companyId: string): Promise<TestAccount> => {
    const body = (await t.http.post(`/api/protected/companies/${companyId}/switch`).set(who.auth).expect(200)).body;
    return {
      token: body.token,
      user: body.user,
      auth: { Authorization: `Bearer ${body.token}` },
      password: who.password,
    };
  };
  const clientRows = async (who: TestAccount) =>
    (
      (await db.query('SELECT count(*)::int AS n FROM client_companies WHERE managed_by = $1', [who.user.id])) as [
        { n: number },
      ]
    )[0].n;

  describe('receipt storage', () => {
    it('refuses an upload past the quota with 403 naming it, and stores nothing of it', async () => {
      const a = await registerAccount(t.http);
      const [first, second, third] = [await purchase(a), await purchase(a), await purchase(a)];
      await attach(a, first, jpegOf(400 * 1024)).expect(201);
      await attach(a, second, jpegOf(400 * 1024)).expect(201);

      const refused = await attach(a, third, jpegOf(400 * 1024));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: storageFull('0.8', '1'),
        code: 'RECEIPT_STORAGE_FULL',
        limit: STORAGE_MB * MB,
        used: 800 * 1024,
      });
      await t.http.get(`/api/protected/fuel-purchases/${third}/attachment`).set(a.auth).expect(404);
      expect((await storedKeys(a)).sort()).toEqual(
        [`receipts/${a.user.id}/${first}`, `receipts/${a.user.id}/${second}`].sort(),
      );
      expect((await usage(a)).receipt_storage).toEqual({ used: 800 * 1024, limit: STORAGE_MB * MB });

      // In Russian for a company whose language is Russian.
      await t.http.put('/api/protected/user/settings').set(a.auth).send({ language: 'ru' }).expect(200);
      const russian = await attach(a, third, jpegOf(400 * 1024)).expect(403);
      expect(russian.body.error).toBe(
        'Хранилище чеков заполнено: использовано 0.8 МБ из 1 МБ. Удалите ненужные чеки или обратитесь в поддержку.',
      );

      // A replaced receipt gives its bytes back: 400 KB out, 600 KB in fits; deleting one makes room again.
      await attach(a, first, jpegOf(600 * 1024)).expect(201);
      expect((await usage(a)).receipt_storage.used).toBe(1000 * 1024);
      await attach(a, third, jpegOf(100 * 1024)).expect(403);
      await t.http.delete(`/api/protected/fuel-purchases/${second}/attachment`).set(a.auth).expect(200);
      await attach(a, third, jpegOf(100 * 1024)).expect(201);
      expect((await usage(a)).receipt_storage.used).toBe(700 * 1024);
    });

    it('never passes the quota when uploads at its edge are sent at once', async () => {
      const a = await registerAccount(t.http);
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) ids.push(await purchase(a));
      // Three fit in 1 MB (900 KB), a fourth would not.
      const answers = await Promise.all(ids.map((id) => attach(a, id, jpegOf(300 * 1024))));
      expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
      for (const res of answers.filter((answer) => answer.status === 403)) {
        expect(res.body).toMatchObject({ code: 'RECEIPT_STORAGE_FULL', limit: STORAGE_MB * MB, used: 900 * 1024 });
      }
      expect(await storedKeys(a)).toHaveLength(3);
      expect((await usage(a)).receipt_storage).toEqual({ used: 900 * 1024, limit: STORAGE_MB * MB });
    });
  });

  describe('client companies', () => {
    it('lets an account without a subscription add none, naming the limit, and writes no company', async () => {
      const a = await registerAccount(t.http, {}, { subscribed: false });
      const users = async () => ((await db.query('SELECT count(*)::int AS n FROM users')) as [{ n: number }])[0].n;
      const before = await users();
      for (const billing of ['client', 'preparer']) {
        const refused = await t.http.post(CLIENTS).set(a.auth).send({ name: 'Free Rider', billing });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          error:
            'Client company limit reached: an account without an active subscription includes 0 client companies. Subscribe to a plan to add clients.',
          code: 'CLIENT_COMPANY_LIMIT_REACHED',
          limit: 0,
          used: 0,
        });
      }
      expect(await clientRows(a)).toBe(0);
      expect(await users()).toBe(before);
      expect((await usage(a)).client_companies).toEqual({ used: 0, limit: 0 });
    });

    it("stops at the plan's client companies, whoever pays for them, and additions at once take only the room", async () => {
      const a = await registerAccount(t.http, {}, { plan_id: 'starter' });
      const answers = await Promise.all(
        Array.from({ length: STARTER_CLIENTS + 3 }, (_, i) =>
          t.http
            .post(CLIENTS)
            .set(a.auth)
            .send({ name: `Rush ${i}`, billing: 'client' }),
        ),
      );
      expect(answers.filter((res) => res.status === 201)).toHaveLength(STARTER_CLIENTS);
      const refused = answers.filter((res) => res.status === 403);
      expect(refused).toHaveLength(3);
      for (const res of refused) {
        expect(res.body).toMatchObject({
          error: `Client company limit reached: your Starter plan includes ${STARTER_CLIENTS} client companies. Upgrade your plan to add more.`,
          code: 'CLIENT_COMPANY_LIMIT_REACHED',
          limit: STARTER_CLIENTS,
          used: STARTER_CLIENTS,
        });
      }
      expect(await clientRows(a)).toBe(STARTER_CLIENTS);
      await t.http.post(CLIENTS).set(a.auth).send({ name: 'Billed to me', billing: 'preparer' }).expect(403);
      expect(await clientRows(a)).toBe(STARTER_CLIENTS);
      expect(await usage(a)).toMatchObject({
        plan: 'Starter',
        client_companies: { used: STARTER_CLIENTS, limit: STARTER_CLIENTS },
      });
      // An upgrade gives its room at once (Professional keeps its default).
      await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'professional' }).expect(200);
      await t.http.post(CLIENTS).set(a.auth).send({ name: 'After Upgrade', billing: 'client' }).expect(201);
      expect((await usage(a)).client_companies).toEqual({ used: STARTER_CLIENTS + 1, limit: 25 });
    });
  });

  describe('seats across a practice and the clients it pays for', () => {
    it("counts the people of a client billed to the practice against the practice's seats, naming the limit", async () => {
      const seats = PLAN_SEATS.starter;
      const practice = await registerAccount(t.http, {}, { plan_id: 'starter' });
      const client = (
        await t.http.post(CLIENTS).set(practice.auth).send({ name: 'Billed', billing: 'preparer' }).expect(201)
      ).body as { id: string };
      // The owner (also the client's owner: one person, one seat) and the client itself.
      expect((await usage(practice)).seats).toEqual({ used: 2, limit: seats });
      const inClient = await switchTo(practice, client.id);
      for (let i = 0; i < seats - 2; i += 1) await invite(t, inClient, 'viewer');
      expect((await usage(practice)).seats).toEqual({ used: seats, limit: seats });
      expect((await usage(inClient)).seats).toEqual({ used: seats, limit: seats });

      const message = `Seat limit reached: your Starter plan includes ${seats} seats (members, pending invitations and clients billed to you). Upgrade your plan to add more.`;
      const email = uniqueEmail('extra');
      const inClientRefused = await t.http.post(INVITATIONS).set(inClient.auth).send({ email, role: 'viewer' });
      expect(inClientRefused.status).toBe(403);
      expect(inClientRefused.body).toMatchObject({
        error: message,
        code: 'SEAT_LIMIT_REACHED',
        limit: seats,
        used: seats,
      });
      const inPracticeRefused = await t.http.post(INVITATIONS).set(practice.auth).send({ email, role: 'viewer' });
      expect(inPracticeRefused.status).toBe(403);
      expect(inPracticeRefused.body).toMatchObject({ code: 'SEAT_LIMIT_REACHED', limit: seats });
      const written = (await db.query('SELECT count(*)::int AS n FROM member_invitations WHERE email = $1', [
        email,
      ])) as [{ n: number }];
      expect(written[0].n).toBe(0);
    });

    it('holds the seats when invitations into the practice and its client are sent at once', async () => {
      const seats = PLAN_SEATS.starter;
      const practice = await registerAccount(t.http, {}, { plan_id: 'starter' });
      const client = (
        await t.http.post(CLIENTS).set(practice.auth).send({ name: 'Billed', billing: 'preparer' }).expect(201)
      ).body as { id: string };
      const inClient = await switchTo(practice, client.id);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.http
            .post(INVITATIONS)
            .set(i % 2 ? inClient.auth : practice.auth)
            .send({ email: uniqueEmail(`rush${i}`), role: 'viewer' }),
        ),
      );
      expect(answers.filter((res) => res.status === 201)).toHaveLength(seats - 2);
      expect(answers.filter((res) => res.status === 403)).toHaveLength(6 - (seats - 2));
      expect((await usage(practice)).seats).toEqual({ used: seats, limit: seats });
    });
  });

  it('answers a burst of uploads larger than the connection pool: each waits for the lock on one connection', async () => {
    const a = await registerAccount(t.http);
    const ids: string[] = [];
    for (let i = 0; i < 3 * POOL; i += 1) ids.push(await purchase(a));
    // 12 × 80 KB: twelve fit in 1 MB. Were a second connection needed under the lock, with every pooled one waiting
    // for that lock, no upload would ever be answered.
    const answers = await Promise.all(ids.map((id) => attach(a, id, jpegOf(80 * 1024))));
    expect(answers.map((res) => res.status)).toEqual(Array(3 * POOL).fill(201));
  });

  it('answers the usage figures of a new subscribed account', async () => {
    const a = await registerAccount(t.http);
    expect(await usage(a)).toEqual({
      plan: 'Enterprise',
      receipt_storage: { used: 0, limit: STORAGE_MB * MB },
      client_companies: { used: 0, limit: 250 },
      seats: { used: 1, limit: PLAN_SEATS.enterprise },
    });
    await t.http.get(USAGE).expect(401);
  });
});
