import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** `depth` arrays inside one another around a string: what a hostile client can pack into 1 MB of JSON. */
const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

const expectBadRequest = (res: Response, field?: string) => {
  expect(res.status).toBe(400);
  expect(res.body).toEqual(
    expect.objectContaining({ statusCode: 400, error: expect.any(String), message: expect.any(String) }),
  );
  if (field) expect(res.body.error).toContain(field);
};

/** Inputs that answered 500 with a logged stack now answer 400 in the one error shape. */
describe('bad input answers 400, never 500', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it.each([
    ['login', '/api/auth/login', (v: string) => `{"email":${v},"password":"secret123"}`],
    ['register', '/api/auth/register', (v: string) => `{"email":"a@b.co","password":"secret123","company_name":${v}}`],
    ['a report', '/api/protected/reports', (v: string) => `{"company_name":"A","average_mpg":5,"jurisdictions":${v}}`],
  ])('deeply nested JSON on %s', async (_name, path, body) => {
    for (const depth of [5_000, 100_000]) {
      const res = await t.http
        .post(path)
        .set(a.auth)
        .set('Content-Type', 'application/json')
        .send(body(nested(depth)));
      expectBadRequest(res);
      expect(res.body.error).toBe('Request body is nested too deeply (at most 32 levels)');
    }
  });

  it.each([
    ['/api/protected/reports?offset=100000000000000000000', 'offset'],
    ['/api/protected/reports?offset=9007199254740993', 'offset'],
    ['/api/protected/calculation-sessions?page=100000000000000000000', 'page'],
    ['/api/protected/calculation-sessions?page=99999999999999', 'page'],
    ['/api/protected/invoices?page=100000000000000000000', 'page'],
    ['/api/protected/tax-rates-management?page=100000000000000000000', 'page'],
  ])('a huge page or offset: %s', async (url, field) => {
    expectBadRequest(await t.http.get(url).set(a.auth), field);
  });

  it.each(['2026-W01', '2026-W01-1', '2026-001', '2026-02-30', '20260401'])('%s as an effective date', async (date) => {
    const res = await t.http
      .post('/api/protected/tax-rates-management')
      .set(a.auth)
      .send({ name: `Week Land ${date}`, abbreviation: 'WL', rate: 0.2, country: 'USA', effective_date: date });
    expectBadRequest(res, 'Effective date');
  });

  it('still takes a plain date and a timestamp as an effective date', async () => {
    for (const [i, date] of ['2026-04-01', '2026-04-01T00:00:00.000Z'].entries()) {
      await t.http
        .post('/api/protected/tax-rates-management')
        .set(a.auth)
        .send({ name: `Date Land ${i}`, abbreviation: `D${i}`, rate: 0.2, country: 'USA', effective_date: date })
        .expect(201);
    }
  });
});
