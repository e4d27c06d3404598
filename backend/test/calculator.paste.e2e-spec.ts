import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOO_MANY_UPLOADS } from '../src/common/rate-limit/upload-limit.interceptor.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { uploader, validWorkbook } from './helpers/upload-workbooks.js';

const PASTE = '/api/protected/calculator/paste-data';

describe('paste: every line that does not read is reported', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const paste = (data: string) => t.http.post(PASTE).set(a.auth).send({ data });

  it('reports a first line that is half like a header ("TX, 1 500, 200") by its number; Texas is never dropped', async () => {
    const res = await paste('TX, 1 500, 200\nOK, 300, 45');
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain('Line 1: Total Miles "1 500" is not a number');
  });

  it('skips a first line that is a header, and reads the line below it', async () => {
    const res = await paste('State, Miles, Gallons\nTX, 1500, 200').expect(200);
    expect(res.body.entries.map((entry: { state_abbreviation: string }) => entry.state_abbreviation)).toEqual(['TX']);
  });

  it('reads 5,000 lines below a header and refuses 5,001, counting only lines with data', async () => {
    const lines = (count: number) => Array.from({ length: count }, () => 'TX, 1, 1').join('\n');
    const ok = await paste(`State, Miles, Gallons\n\n${lines(5_000)}\n\n`).expect(200);
    expect(ok.body.entries).toEqual([expect.objectContaining({ state_abbreviation: 'TX', total_miles: 5000 })]);
    const refused = await paste(lines(5_001)).expect(400);
    expect(refused.body.error).toBe('At most 5,000 lines can be pasted at once');
  });

  it('lists the first 100 problems of 5,000 bad lines and counts the rest', async () => {
    const res = await paste(Array.from({ length: 5_000 }, () => 'XX, 1, 1').join('\n')).expect(400);
    expect(res.body.errors).toHaveLength(101);
    expect(res.body.errors[0]).toBe('Line 1: unknown jurisdiction "XX"');
    expect(res.body.errors[100]).toBe('… and 4900 more');
    expect(res.body.details).toHaveLength(100);
  });
});

describe('paste: the per-account upload limits apply', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_RATE_LIMIT: '3' });
    a = await registerAccount(t.http);
    b = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it('refuses the fourth paste or upload of a minute with 429 and Retry-After, and leaves other accounts alone', async () => {
    const paste = (account: TestAccount) => t.http.post(PASTE).set(account.auth).send({ data: 'TX, 1, 1' });
    expect((await paste(a)).status).toBe(200);
    expect((await uploader(t)(a, await validWorkbook())).status).toBe(200);
    expect((await paste(a)).status).toBe(200);
    const refused = await paste(a);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.body.error).toBe(TOO_MANY_UPLOADS);
    expect((await paste(b)).status).toBe(200);
  });
});
