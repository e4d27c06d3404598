import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const cursorOf = (at: string) =>
  Buffer.from(JSON.stringify([at, '00000000-0000-4000-8000-000000000000']), 'utf8').toString('base64url');

/**
 * A cursor is base64url JSON the client can rewrite: a time JavaScript accepts but PostgreSQL refuses (a 31st of
 * February, year 0, 24:00) reached the query and answered 500. Each is refused with 400 naming the cursor.
 */
describe('a tampered audit-trail cursor', () => {
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerAccount(t.http, {}, { subscribed: false });
  });
  afterAll(() => t.close());

  it.each([
    '2026-02-31T10:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '2026-01-01T24:00:00.000Z',
    '2026-04-31T00:00:00.000000Z',
    '2026-01-01T23:60:00.000Z',
  ])('answers 400 naming the cursor for %s', async (at) => {
    const res = await t.http
      .get('/api/protected/audit-events')
      .query({ cursor: cursorOf(at) })
      .set(owner.auth);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('cursor');
  });

  it('still pages with a real time', async () => {
    const res = await t.http
      .get('/api/protected/audit-events')
      .query({ cursor: cursorOf('2026-02-28T23:59:59.999Z') })
      .set(owner.auth)
      .expect(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});
