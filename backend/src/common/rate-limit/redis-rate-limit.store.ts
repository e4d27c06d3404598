import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.store.js';

/**
 * Fixed-window counters in Redis, so every replica behind a load balancer counts the same client's hits
 * (docs/architecture.md, "When one machine is not enough"). `SET NX PX` opens a window with its expiry before the
 * `INCR`, so no key can ever live without a TTL even if a process dies between the two commands.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      // A limiter must answer fast or not at all: no offline queue that would hold a login forever.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    // Connection errors surface through hit(); without a listener ioredis would log them as unhandled.
    this.redis.on('error', () => undefined);
  }

  /** Connects before the first request; an unreachable Redis is not fatal (the guard falls back). */
  async connect(): Promise<boolean> {
    try {
      await this.redis.connect();
      return true;
    } catch {
      return false;
    }
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

  /** INCR then PEXPIRE: a replica that dies mid-request leaves a count that expires instead of a lock-out. */
  async enter(key: string, ttlMs: number): Promise<number> {
    const redisKey = `inprogress:${key}`;
    const results = await this.redis.pipeline().incr(redisKey).pexpire(redisKey, ttlMs).exec();
    const [error, count] = results?.[0] ?? [new Error('no reply'), undefined];
    if (error || typeof count !== 'number') throw new Error('Rate-limit store unavailable');
    return count;
  }

  async leave(key: string): Promise<void> {
    await this.redis.decr(`inprogress:${key}`);
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
