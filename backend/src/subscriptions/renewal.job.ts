import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { JobLease } from '../database/job-lock.js';
import { SubscriptionRenewalsService } from './subscription-renewals.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** Key of the session-level advisory lock that makes the job run in one replica at a time. */
export const RENEWAL_JOB_LOCK = 6_420_001;
const BATCH = 200;

export interface RenewalRun {
  /** False when another replica held the lock, so this one did nothing. */
  ran: boolean;
  accounts: number;
}

/**
 * Renewals, trial ends, cancellations at period end and grace expiry. Every replica has the timer, but each run
 * first takes a PostgreSQL advisory lock and a replica that does not get it skips the run: the work happens once.
 * Per account the work also runs under that account's billing lock, so a request racing the job is safe too.
 */
@Injectable()
export class RenewalJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RenewalJob');
  private timer?: NodeJS.Timeout;
  /** The timer's run in progress, awaited at shutdown so the pool is never closed under it. */
  private current?: Promise<void>;

  constructor(
    private readonly repository: SubscriptionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly renewals: SubscriptionRenewalsService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.billingJobIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.current) return; // the previous run is still going: never two runs of one replica at once
      this.current = this.run()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.logger.error(`renewal run failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => (this.current = undefined));
    }, this.config.billingJobIntervalMs);
    this.timer.unref();
  }

  /** Before the pool closes (onApplicationShutdown): no new run, and the running one ends and unlocks first. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  async run(): Promise<RenewalRun> {
    // One connection holds the session lock for the whole run; the work itself uses the pool.
    const run = await this.repository.underJobLock(RENEWAL_JOB_LOCK, async (lease) => {
      const accounts = await this.processAll(lease);
      // One line per run that did work: with several replicas the lines add up to the work done, once.
      if (accounts > 0) this.logger.log(`processed ${accounts} account(s)`);
      return accounts;
    });
    return run ? { ran: true, accounts: run.value } : { ran: false, accounts: 0 };
  }

  /**
   * The lease is checked before each account: a run whose lock connection died stops there rather than charge
   * beside the replica that took the lock over (each charge is also under the account's billing lock).
   */
  private async processAll(lease: JobLease): Promise<number> {
    let processed = 0;
    const seen = new Set<string>();
    for (;;) {
      const due = (await this.renewals.dueAccounts(BATCH)).filter((id) => !seen.has(id));
      if (due.length === 0) return processed;
      for (const userId of due) {
        await lease.check();
        seen.add(userId);
        try {
          await this.renewals.processDue(userId);
          processed += 1;
        } catch (error) {
          // One account's failure must not hold up everyone else's renewal.
          this.logger.error(`renewal of an account failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  }
}
