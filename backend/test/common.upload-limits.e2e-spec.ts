import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOO_MANY_UPLOADS, UPLOADS_IN_PROGRESS } from '../src/common/rate-limit/upload-limit.interceptor.js';
import { startFakeRedis } from './helpers/fake-redis.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { slowWorkbook, uploader, validWorkbook, warmUp } from './helpers/upload-workbooks.js';

/** Uploads are limited per account, per minute and at once, each refusal a 429 with Retry-After. */
describe('uploads per account per minute (UPLOAD_RATE_LIMIT)', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_RATE_LIMIT: '3' });
    a = await registerAccount(t.http);
    b = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it('refuses the fourth upload of a minute with 429 and Retry-After, and leaves other accounts alone', async () => {
    const upload = uploader(t);
    const file = await validWorkbook();
    for (let i = 0; i < 3; i++) expect((await upload(a, file)).status).toBe(200);
    const refused = await upload(a, file);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.body).toEqual({ statusCode: 429, error: TOO_MANY_UPLOADS, message: TOO_MANY_UPLOADS });
    expect((await upload(b, file)).status).toBe(200);
  });
});

describe('uploads per account at once (UPLOAD_CONCURRENCY)', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_CONCURRENCY: '1' });
    a = await registerAccount(t.http);
    b = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it('refuses a second upload while the account has one in progress, and frees the slot when it ends', async () => {
    const upload = uploader(t);
    expect((await warmUp(upload, a)).status).toBe(200);
    const file = await validWorkbook();
    const slowFile = await slowWorkbook();
    // The slow upload takes seconds; quick ones are sent until one is refused while it holds the slot. A quick one
    // may hold the slot when the slow one arrives (a busy machine answers both slowly): then the slow one is the one
    // refused, and it is sent again, as a person would.
    type Answer = Awaited<ReturnType<typeof upload>>;
    let refused: Answer | undefined;
    let slow!: Promise<Answer>;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      let slowDone = false;
      slow = Promise.resolve(upload(a, slowFile)).finally(() => (slowDone = true));
      while (!slowDone && !refused) {
        const res = await upload(a, file);
        if (res.status === 429) refused = res;
      }
      if (!refused) await slow;
    }
    expect(refused!.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused!.body).toEqual({ statusCode: 429, error: UPLOADS_IN_PROGRESS, message: UPLOADS_IN_PROGRESS });
    expect((await upload(b, file)).status).toBe(200);
    expect((await slow).status).toBe(200);
    expect((await upload(a, file)).status).toBe(200);
  }, 60_000);

  it('frees the slot after a refused file as well', async () => {
    const upload = uploader(t);
    const corrupt = Buffer.from('PK\x03\x04 not really a workbook');
    for (let i = 0; i < 3; i++) expect((await upload(a, corrupt)).status).toBe(400);
    expect((await upload(a, await validWorkbook())).status).toBe(200);
  });
});

describe('upload limits shared through Redis (REDIS_URL)', () => {
  it('counts one account across two replicas and gives back every slot lease it took', async () => {
    const redis = await startFakeRedis();
    const first = await createTestApp({ UPLOAD_RATE_LIMIT: '2', REDIS_URL: redis.url });
    const second = await createTestApp({ UPLOAD_RATE_LIMIT: '2', REDIS_URL: redis.url });
    try {
      const account = await registerAccount(first.http);
      const file = await validWorkbook();
      expect((await uploader(first)(account, file)).status).toBe(200);
      expect((await uploader(second)(account, file)).status).toBe(200);
      const refused = await uploader(first)(account, file);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(TOO_MANY_UPLOADS);
      const key = `leases:upload:${account.user.id}`;
      const on = (name: string) => redis.commands.filter(([command, k]) => command === name && k === key).length;
      expect(on('zadd')).toBe(2);
      expect(on('zrem')).toBe(2);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await redis.close();
    }
  }, 60_000);
});
