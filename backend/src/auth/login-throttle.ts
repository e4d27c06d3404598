import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../common/rate-limit/rate-limit.store.js';
import { RedisRateLimitStore } from '../common/rate-limit/redis-rate-limit.store.js';

export const ACCOUNT_LOCKED = 'Too many failed sign-ins for this account, please wait 15 minutes and try again';

/**
 * Failed sign-ins counted per e-mail address, whatever client they come from (issue 11): rotating addresses does
 * not buy more guesses, and the per-client limit no longer has to be tight enough to protect every account.
 * Counters live in Redis when REDIS_URL is set, else in this process, like RateLimitGuard's.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LoginThrottle');
  private readonly local = new MemoryRateLimitStore();
  private readonly shared?: RedisRateLimitStore;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.redisUrl) this.shared = new RedisRateLimitStore(config.redisUrl);
  }

  /** Refuses before the password is checked, so a locked account answers the same to a right or wrong guess. */
  async assertOpen(email: string): Promise<void> {
    const failures = await this.use((store) => store.peek(this.key(email)));
    if (failures >= this.config.loginFailureLimit) this.refuse();
  }

  async recordFailure(email: string): Promise<void> {
    await this.use((store) => store.hit(this.key(email), this.config.loginFailureWindowMs));
  }

  private refuse(): never {
    const minutes = Math.round(this.config.loginFailureWindowMs / 60_000);
    throw new HttpException(
      { error: ACCOUNT_LOCKED.replace('15 minutes', `${minutes} minutes`) },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  private key(email: string): string {
    return `login-failures:${email.toLowerCase()}`;
  }

  private async use<T>(run: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (!this.shared) return run(this.local);
    try {
      return await run(this.shared);
    } catch {
      this.logger.warn('Redis rate-limit store unavailable; counting sign-in failures in this process');
      return run(this.local);
    }
  }

  async onModuleInit(): Promise<void> {
    if (this.shared) await this.shared.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.shared?.close();
  }
}
