import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SharedCounters } from './shared-counters.js';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please wait a minute and try again';
const WINDOW_MS = 60_000;

/**
 * Limits a route to `limit()` requests per minute per `key()` (the client address, by default). Counters are the
 * app's SharedCounters: in Redis when REDIS_URL is set and it answers, so replicas share them; otherwise in this
 * process. Each route family extends it.
 */
@Injectable()
export abstract class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    private readonly counters: SharedCounters,
  ) {}

  /** Requests allowed per client per minute. */
  protected abstract limit(): number;

  /** What one counter counts: a client on one route family. */
  protected abstract key(req: Request): string;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const count = await this.counters.hit(this.key(req), WINDOW_MS);
    if (count > this.limit()) {
      context
        .switchToHttp()
        .getResponse()
        .setHeader('Retry-After', String(WINDOW_MS / 1000));
      throw new HttpException({ error: TOO_MANY_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}

/** Login and register: AUTH_RATE_LIMIT attempts per minute per client and route. */
@Injectable()
export class AuthRateLimitGuard extends RateLimitGuard {
  protected limit(): number {
    return this.config.authRateLimit;
  }

  protected key(req: Request): string {
    return `${req.ip ?? 'unknown'}:${req.route?.path ?? req.path}`;
  }
}

/**
 * Account actions with a cost outside the app (invoice e-mails, provider calls): BILLING_ACTION_RATE_LIMIT per
 * minute per account and route. Runs after the JWT guard, so it counts the account, not the address.
 */
@Injectable()
export class AccountActionRateLimitGuard extends RateLimitGuard {
  protected limit(): number {
    return this.config.billingActionRateLimit;
  }

  protected key(req: Request): string {
    const user = (req as Request & { user?: { id: string } }).user;
    return `account-action:${user?.id ?? req.ip ?? 'unknown'}:${req.route?.path ?? req.path}`;
  }
}
