import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

describe('health and pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as up', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it("carries helmet's security headers", async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers 413 for a body over the size limit', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) })
      .expect(413);
    expect(res.body.error).toBe('Request body is too large');
  });

  it('answers an unknown API path with a 404 in the error shape', async () => {
    const res = await t.http.get('/api/protected/nothing-here').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: expect.any(String) });
  });

  it("answers the ping route with the token's account, and 401 without a token", async () => {
    const account = await registerAccount(t.http);
    const res = await t.http.get('/api/protected/ping').set(account.auth).expect(200);
    expect(res.body).toEqual({ ok: true, user_id: account.user.id });
    await t.http.get('/api/protected/ping').expect(401);
  });
});
