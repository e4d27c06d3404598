import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { type Lease, MemoryRateLimitStore, type RateLimitStore } from './rate-limit.store.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

/** Failures in a row after which Redis is left alone for REDIS_BREAKER_COOLDOWN_MS. */
const BREAKER_FAILURES = 3;
/** A Redis outage is logged at most this often, however many requests meet it. */
const WARNING_INTERVAL_MS = 60_000;

export type RedisState = 'up' | 'down' | 'not configured';

/**
 * The one set of counters every limit uses (login, register, sandbox, uploads, invoice resends): in Redis when
 * REDIS_URL is set, so replicas share them, else in this process. Redis is a dependency with a deadline: each call
 * waits at most REDIS_TIMEOUT_MS, a circuit breaker stops calling it after a few failures in a row, and meanwhile
 * every limit counts in this process (as with no Redis: per replica), saying so in the log once a minute. Start-up
 * never waits for it. Fail open to local counters rather than closed: a Redis outage must neither lock every
 * company out nor lift the limits.
 */
@Injectable()
export class SharedCounters implements RateLimitStore, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SharedCounters');
  private readonly local = new MemoryRateLimitStore();
  private readonly redis?: RedisRateLimitStore;
  private readonly breaker: CircuitBreaker;
  private lastWarningAt = Number.NEGATIVE_INFINITY;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.redisUrl) this.redis = new RedisRateLimitStore(config.redisUrl, config.redisTimeoutMs);
    this.breaker = new CircuitBreaker(BREAKER_FAILURES, config.redisBreakerCoolDownMs);
  }

  hit(key: string, windowMs: number): Promise<number> {
    return this.use((store) => store.hit(key, windowMs));
  }

  release(key: string): Promise<void> {
    return this.use((store) => store.release(key));
  }

  takeLease(key: string, limit: number, leaseMs: number): Promise<Lease | null> {
    return this.use((store) => store.takeLease(key, limit, leaseMs));
  }

  clear(key: string): Promise<void> {
    return this.use((store) => store.clear(key));
  }

  read(key: string): Promise<string | null> {
    return this.use((store) => store.read(key));
  }

  write(key: string, value: string, ttlMs: number): Promise<void> {
    return this.use((store) => store.write(key, value, ttlMs));
  }

  /** For the readiness check: whether Redis answers a PING within its deadline now. */
  async redisState(): Promise<RedisState> {
    if (!this.redis) return 'not configured';
    try {
      await this.withDeadline(this.redis.ping());
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async use<T>(run: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (!this.redis || !this.breaker.allows()) return run(this.local);
    try {
      const value = await this.withDeadline(run(this.redis));
      if (this.breaker.open) this.logger.log('Redis answers again: limits are shared between replicas');
      this.breaker.succeeded();
      return value;
    } catch (error) {
      this.breaker.failed();
      this.warn(error);
      return run(this.local);
    }
  }

  /** ioredis has its own command timeout; this one also bounds what it does not (a pipeline waiting on a socket). */
  private withDeadline<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis timed out')), this.config.redisTimeoutMs);
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Redis unavailable (${reason}); limits count in this process until it answers`);
  }

  onModuleInit(): void {
    this.redis?.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.close();
  }
}
