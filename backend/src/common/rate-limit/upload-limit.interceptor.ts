import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type NestInterceptor,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { finalize, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig, positiveInt } from '../../config/app-config.js';
import type { AuthenticatedUser } from '../authenticated-user.js';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit.store.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

export const TOO_MANY_UPLOADS = 'Too many imports, please wait a minute and try again';
export const UPLOADS_IN_PROGRESS = 'Too many imports at once, please wait for the others to finish';
const WINDOW_MS = 60_000;
/** Seconds to wait when the account's concurrent uploads are all taken: one upload's time limit at most. */
const IN_PROGRESS_RETRY_AFTER = '5';
/** A count left by a replica that died mid-upload expires after this long. */
const IN_PROGRESS_TTL_MS = 5 * 60_000;

/**
 * Uploads (and calculator pastes, read on the same file threads) per account: UPLOAD_RATE_LIMIT per minute and
 * UPLOAD_CONCURRENCY at once, each refusal a 429 with Retry-After (its sentence says imports, which both are). It runs
 * before the multipart body is read, so a refused upload costs the server nothing, and it keys on
 * the account rather than the address, so one company cannot take every worker thread (docs/architecture.md, "Work that must not
 * block": an upload may cost its sender time, never anyone else). Counters live in Redis when REDIS_URL is set, as the
 * other limits do; a Redis outage falls back to this process's counters.
 */
@Injectable()
export class UploadLimitInterceptor implements NestInterceptor, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('UploadLimit');
  private readonly local = new MemoryRateLimitStore();
  private readonly shared?: RedisRateLimitStore;
  private readonly perMinute = positiveInt('UPLOAD_RATE_LIMIT', 20);
  private readonly atOnce = positiveInt('UPLOAD_CONCURRENCY', 2);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.redisUrl) this.shared = new RedisRateLimitStore(config.redisUrl);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const account = http.getRequest<Request & { user: AuthenticatedUser }>().user.id;
    const refuse = (error: string, retryAfter: string) => {
      http.getResponse<Response>().setHeader('Retry-After', retryAfter);
      return new HttpException({ error }, HttpStatus.TOO_MANY_REQUESTS);
    };
    const hits = await this.use((store) => store.hit(`upload:${account}`, WINDOW_MS));
    if (hits > this.perMinute) throw refuse(TOO_MANY_UPLOADS, String(WINDOW_MS / 1000));
    const key = `upload:${account}`;
    let store: RateLimitStore = this.shared ?? this.local;
    let running: number;
    try {
      running = await store.enter(key, IN_PROGRESS_TTL_MS);
    } catch {
      this.logger.warn('Redis rate-limit store unavailable; counting in this process');
      store = this.local;
      running = await store.enter(key, IN_PROGRESS_TTL_MS);
    }
    const leave = () => void store.leave(key).catch(() => undefined);
    if (running > this.atOnce) {
      leave();
      throw refuse(UPLOADS_IN_PROGRESS, IN_PROGRESS_RETRY_AFTER);
    }
    try {
      return next.handle().pipe(finalize(leave));
    } catch (error) {
      leave();
      throw error;
    }
  }

  private async use(count: (store: RateLimitStore) => Promise<number>): Promise<number> {
    try {
      return await count(this.shared ?? this.local);
    } catch {
      this.logger.warn('Redis rate-limit store unavailable; counting in this process');
      return count(this.local);
    }
  }

  async onModuleInit(): Promise<void> {
    if (this.shared && !(await this.shared.connect())) {
      this.logger.warn('Redis rate-limit store unreachable at start-up; counting in this process until it answers');
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.shared?.close();
  }
}
