import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TOO_MANY_ATTEMPTS } from '../../common/rate-limit/rate-limit.guard.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../../common/rate-limit/rate-limit.store.js';

const WINDOW_MS = 60_000;

/** The public tokenisation endpoint is a card-testing target: SANDBOX_RATE_LIMIT requests per minute per client. */
@Injectable()
export class SandboxRateLimitGuard implements CanActivate {
  private readonly store: RateLimitStore = new MemoryRateLimitStore();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const count = await this.store.hit(`sandbox:${req.ip ?? 'unknown'}`, WINDOW_MS);
    if (count > this.config.sandboxRateLimit) {
      context
        .switchToHttp()
        .getResponse()
        .setHeader('Retry-After', String(WINDOW_MS / 1000));
      throw new HttpException({ error: TOO_MANY_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
