import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../src/common/rate-limit/redis-rate-limit.store.js';
import type { Lease } from '../src/common/rate-limit/rate-limit.store.js';
import { UPLOADS_IN_PROGRESS } from '../src/common/rate-limit/upload-limit.interceptor.js';
import { startFakeRedis, type FakeRedis } from './helpers/fake-redis.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { uploader, validWorkbook, warmUp } from './helpers/upload-workbooks.js';

const LEASE_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store that connects like a replica's, to take a slot the way a replica that then dies would. */
async function replicaStore(url: string): Promise<RedisRateLimitStore> {
  const store = new RedisRateLimitStore(url, 1_000);
  store.connect();
  for (let i = 0; i < 50; i += 1) {
    try {
      await store.ping();
      return store;
    } catch {
      await sleep(20);
    }
  }
  throw new Error('the replica store never connected');
}

/**
 * "Uploads at once" slots are leases (README, Files and passwords off the event loop): a replica that dies
 * mid-upload never gives its slot back, and the slot frees itself when its lease (UPLOAD_LEASE_MS) runs out; the
 * account's refused retries in the meantime do not move that expiry.
 */
describe('upload slots are leases that outlive no replica', () => {
  let redis: FakeRedis;
  let t: TestApp;
  let account: TestAccount;
  let inspect: Redis;
  beforeAll(async () => {
    redis = await startFakeRedis();
    t = await createTestApp({ REDIS_URL: redis.url, UPLOAD_CONCURRENCY: '1', UPLOAD_LEASE_MS: String(LEASE_MS) });
    account = await registerAccount(t.http);
    inspect = new Redis(redis.url);
  });
  afterAll(async () => {
    inspect.disconnect();
    await t.close();
    await redis.close();
  });

  it('accepts the next upload once a dead replica’s lease has expired, and refused retries never extend it', async () => {
    const key = `leases:upload:${account.user.id}`;
    const upload = uploader(t);
    const file = await validWorkbook();
    expect((await warmUp(upload, account)).status).toBe(200); // the file threads started, so retries are quick
    const dead = await replicaStore(redis.url);
    const lease = (await dead.takeLease(`upload:${account.user.id}`, 1, LEASE_MS)) as Lease;
    expect(lease).not.toBeNull();
    await dead.close(); // the replica is gone without releasing its slot

    const refusals: number[] = [];
    let accepted: { status: number; at: number } | undefined;
    while (!accepted) {
      const res = await upload(account, file);
      if (res.status === 429) {
        expect(res.body.error).toBe(UPLOADS_IN_PROGRESS);
        expect(Number(await inspect.zscore(key, lease.id))).toBe(lease.expiresAt);
        refusals.push(Date.now());
        await sleep(250);
      } else accepted = { status: res.status, at: Date.now() };
      expect(Date.now()).toBeLessThan(lease.expiresAt + 30_000); // never accepted: the lease outlived its expiry
    }
    expect(accepted.status).toBe(200);
    expect(refusals.length).toBeGreaterThan(3);
    expect(accepted.at).toBeGreaterThanOrEqual(lease.expiresAt);
    // The accepted upload took a lease of its own and gave it back: nothing is left held.
    expect(await inspect.zcard(key)).toBe(0);
  }, 60_000);

  it('gives the slot back in `finally` when the upload fails, so the next one needs no lease to run out', async () => {
    const upload = uploader(t);
    const corrupt = Buffer.from('PK\x03\x04 not really a workbook');
    expect((await upload(account, corrupt)).status).toBe(400);
    expect((await upload(account, await validWorkbook())).status).toBe(200);
  });
});
