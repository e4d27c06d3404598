import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Lease, RateLimitStore } from './rate-limit.store.js';

/**
 * Fixed-window counters in Redis, so every replica behind a load balancer counts the same client's hits
 * (docs/architecture.md, "When one machine is not enough"). `SET NX PX` opens a window with its expiry before the
 * `INCR`, so no key can ever live without a TTL even if a process dies between the two commands.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  /** `timeoutMs` bounds every command: a Redis that accepts connections and never answers fails fast. */
  constructor(url: string, timeoutMs: number) {
    this.redis = new Redis(url, {
      // A limiter must answer fast or not at all: no offline queue that would hold a login forever.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: timeoutMs,
      connectTimeout: Math.max(timeoutMs, 1000),
      lazyConnect: true,
    });
    // Connection errors surface through hit(); without a listener ioredis would log them as unhandled.
    this.redis.on('error', () => undefined);
  }

  /**
   * Starts connecting and returns at once: start-up never waits on Redis (a silent one would hold it forever);
   * until the connection is ready every command fails at once and the caller counts in its process.
   */
  connect(): void {
    this.redis.connect().catch(() => undefined);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const redisKey = `ratelimit:${key}`;
    const results = await this.redis.pipeline().set(redisKey, '0', 'PX', windowMs, 'NX').incr(redisKey).exec();
    const [error, count] = results?.[1] ?? [new Error('no reply'), undefined];
    if (error || typeof count !== 'number') throw new Error('Rate-limit store unavailable');
    return count;
  }

  /** DECR keeps the window's expiry; a window that ended meanwhile is left alone (no key without a TTL). */
  async release(key: string): Promise<void> {
    const redisKey = `ratelimit:${key}`;
    await this.redis.pipeline().set(redisKey, '1', 'PX', 1, 'NX').decr(redisKey).exec();
  }

  /**
   * A sorted set of lease ids scored by expiry, in one MULTI: drop the expired, add this lease, read its rank. A rank
   * past the limit takes the lease back out, so a refused attempt never moves another lease's expiry; the key's own
   * TTL only outlives its newest lease.
   */
  async takeLease(key: string, limit: number, leaseMs: number): Promise<Lease | null> {
    const redisKey = `leases:${key}`;
    const now = Date.now();
    const id = randomUUID();
    const expiresAt = now + leaseMs;
    const results = await this.redis
      .multi()
      .zremrangebyscore(redisKey, '-inf', now)
      .zadd(redisKey, expiresAt, id)
      .zrank(redisKey, id)
      .pexpire(redisKey, leaseMs)
      .exec();
    const [error, rank] = results?.[2] ?? [new Error('no reply'), undefined];
    if (error || typeof rank !== 'number') throw new Error('Rate-limit store unavailable');
    const release = async () => {
      await this.redis.zrem(redisKey, id);
    };
    if (rank >= limit) {
      await release();
      return null;
    }
    return { id, expiresAt, release };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(`ratelimit:${key}`);
  }

  async read(key: string): Promise<string | null> {
    return this.redis.get(`value:${key}`);
  }

  async write(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`value:${key}`, value, 'PX', ttlMs);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
