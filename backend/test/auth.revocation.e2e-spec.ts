import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource, type QueryRunner } from 'typeorm';
import { AuthRepository } from '../src/auth/auth.repository.js';
import { ROUTES } from './helpers/openapi-routes.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const PING = '/api/protected/ping';
const CACHE_SECONDS = 1;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A revoked session stops working on this replica once the revocation commits, whatever requests were reading it
 * meanwhile; a deleted account's token never makes a route fail (README, Sessions).
 */
describe('session revocation and deleted accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(() => t.close());

  const login = async (a: TestAccount) =>
    (await t.http.post('/api/auth/login').send({ email: a.user.email, password: a.password }).expect(200)).body
      .token as string;
  const changePassword = (a: TestAccount) =>
    t.http
      .post('/api/auth/change-password')
      .set(a.auth)
      .send({ current_password: a.password, new_password: 'changed-secret-1' })
      .expect(200);

  it('a request between the revocation and its commit does not keep the revoked session live', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const other = await login(a);
    await t.http.get(PING).set(bearer(other)).expect(200);
    const db = t.app.get(DataSource);
    const createQueryRunner = db.createQueryRunner.bind(db);
    // The password change's transaction: its sessions are revoked but not yet committed when the other browser asks.
    let armed = true;
    jest.spyOn(db, 'createQueryRunner').mockImplementation((...args) => {
      const runner: QueryRunner = createQueryRunner(...args);
      const commit = runner.commitTransaction.bind(runner);
      runner.commitTransaction = async () => {
        if (armed) {
          armed = false;
          await t.http.get(PING).set(bearer(other)).expect(200);
        }
        await commit();
      };
      return runner;
    });
    await changePassword(a);
    expect(armed).toBe(false);
    await t.http.get(PING).set(bearer(other)).expect(401);
    await t.http.get(PING).set(a.auth).expect(200);
  });

  it('a read of the session that began before the revocation committed is not cached as live', async () => {
    const a = await registerAccount(t.http, {}, { subscribed: false });
    const other = await login(a);
    const repository = t.app.get(AuthRepository);
    const isSessionLive = repository.isSessionLive.bind(repository);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let markRead!: () => void;
    const read = new Promise<void>((resolve) => (markRead = resolve));
    jest.spyOn(repository, 'isSessionLive').mockImplementationOnce(async (...args) => {
      const live = await isSessionLive(...args);
      markRead();
      await released;
      return live;
    });
    const slow = t.http.get(PING).set(bearer(other));
    const answered = slow.then((res) => res.status);
    await read; // the session was read live, before the change below
    await changePassword(a);
    release();
    expect(await answered).toBe(200);
    await t.http.get(PING).set(bearer(other)).expect(401);
  });

  it("answers a deleted account's token without a 5xx on any route, and 401 on every private GET", async () => {
    const a = await registerAccount(t.http);
    await t.http.get(PING).set(a.auth).expect(200); // cached as live on this replica
    await t.app.get(DataSource).query('DELETE FROM users WHERE id = $1', [a.user.id]);
    const privateRoutes = ROUTES.filter((route) => route.isPrivate);
    const call = (route: (typeof privateRoutes)[number]) => {
      const url = route.path.replace(/\{[^}]+\}/g, SOME_ID);
      const req = t.http[route.method](url).set(a.auth);
      return route.method === 'get' || route.method === 'delete' ? req : req.send({});
    };
    const failed: string[] = [];
    for (const route of privateRoutes) {
      const res = await call(route);
      if (res.status >= 500) failed.push(`${route.method.toUpperCase()} ${route.path}: ${res.status}`);
    }
    expect(failed).toEqual([]);
    // The routes that read the account itself know at once that it is gone.
    await t.http.get('/api/protected/user/me').set(a.auth).expect(401);
    await t.http.get('/api/protected/user/settings').set(a.auth).expect(401);
    await t.http.get('/api/protected/filing-calendar').set(a.auth).expect(401);
    await sleep(CACHE_SECONDS * 1000 + 100);
    const notRefused: string[] = [];
    for (const route of privateRoutes.filter((r) => r.method === 'get')) {
      const res = await call(route);
      if (res.status !== 401) notRefused.push(`${route.path}: ${res.status}`);
    }
    expect(notRefused).toEqual([]);
  });
});
