import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimitGuard } from '../../common/rate-limit/rate-limit.guard.js';

/**
 * The public tokenisation endpoint is a card-testing target: SANDBOX_RATE_LIMIT requests per minute per client,
 * shared by replicas through Redis like the login limit.
 */
@Injectable()
export class SandboxRateLimitGuard extends RateLimitGuard {
  protected limit(): number {
    return this.config.sandboxRateLimit;
  }

  protected key(req: Request): string {
    return `sandbox:${req.ip ?? 'unknown'}`;
  }
}
