import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit.store.js';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please wait a minute and try again';
const WINDOW_MS = 60_000;

/** Limits a route to AUTH_RATE_LIMIT requests per minute per client address (login and register). */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  private readonly store: RateLimitStore = new MemoryRateLimitStore();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = `${req.ip ?? 'unknown'}:${req.route?.path ?? req.path}`;
    const count = await this.store.hit(key, WINDOW_MS);
    if (count > this.config.authRateLimit) {
      context
        .switchToHttp()
        .getResponse()
        .setHeader('Retry-After', String(WINDOW_MS / 1000));
      throw new HttpException({ error: TOO_MANY_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
