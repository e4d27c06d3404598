import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TOO_MANY_ATTEMPTS } from '../../common/rate-limit/rate-limit.guard.js';
import { MemoryRateLimitStore } from '../../common/rate-limit/rate-limit.store.js';
import { RedisRateLimitStore } from '../../common/rate-limit/redis-rate-limit.store.js';

const WINDOW_MS = 60_000;

/**
 * The public tokenisation endpoint is a card-testing target: SANDBOX_RATE_LIMIT requests per minute per client,
 * counted in Redis when REDIS_URL is set (shared by replicas), falling back to this process when Redis is down.
 */
@Injectable()
export class SandboxRateLimitGuard implements CanActivate, OnModuleInit, OnModuleDestroy {
  private readonly local = new MemoryRateLimitStore();
  private readonly shared?: RedisRateLimitStore;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.redisUrl) this.shared = new RedisRateLimitStore(config.redisUrl);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = `sandbox:${req.ip ?? 'unknown'}`;
    const count = await (this.shared ?? this.local).hit(key, WINDOW_MS).catch(() => this.local.hit(key, WINDOW_MS));
    if (count > this.config.sandboxRateLimit) {
      context
        .switchToHttp()
        .getResponse()
        .setHeader('Retry-After', String(WINDOW_MS / 1000));
      throw new HttpException({ error: TOO_MANY_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }

  async onModuleInit(): Promise<void> {
    await this.shared?.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.shared?.close();
  }
}
