import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import bcryptjs from 'bcryptjs';
import { DataSource } from 'typeorm';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

/** Passwords are hashed by native bcrypt now; accounts whose hash bcryptjs wrote still sign in. */
describe('sign-in with a password hash written by bcryptjs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts the right password and refuses a wrong one, for both of the prefixes bcryptjs wrote', async () => {
    for (const prefix of ['$2b$', '$2a$']) {
      const account = await registerAccount(t.http, {}, { subscribed: false });
      const legacy = prefix + bcryptjs.hashSync('old-secret-1', 4).slice(4);
      await t.app.get(DataSource).query('UPDATE users SET password_hash = $1 WHERE id = $2', [legacy, account.user.id]);
      const ok = await t.http.post('/api/auth/login').send({ email: account.user.email, password: 'old-secret-1' });
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBe(account.user.id);
      await t.http.post('/api/auth/login').send({ email: account.user.email, password: 'old-secret-2' }).expect(401);
    }
  });
});
