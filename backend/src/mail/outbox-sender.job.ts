import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JobLeaseLost, type JobLease } from '../database/job-lock.js';
import { MailService } from './mail.service.js';
import { nextAttemptAt } from './outbox-retry.js';
import { type DueMessage, OutboxRepository } from './outbox.repository.js';

/** Key of the sender's session-level advisory lock (renewals use 6_420_001, reminders 6_420_002). */
export const OUTBOX_JOB_LOCK = 6_420_003;
const BATCH = 50;
/** How often recording a delivery is tried: a dropped connection must not leave a sent e-mail looking unsent. */
const RECORD_TRIES = 5;
/** How long deliverNow waits, at most, for a sender running in another replica to let go of the lock. */
const WAIT_FOR_OTHER_SENDER_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface OutboxRun {
  /** False when another replica held the lock, so this one sent nothing. */
  ran: boolean;
  sent: number;
  failed: number;
}

/**
 * Delivers the outbox (docs/operations.md): one sender across replicas, under a PostgreSQL advisory lock whose lease
 * is checked before each message. Each try of a message is a claim (a token and an expiry, taken in a fenced
 * transaction) that outlives the delivery's deadline (MAIL_SEND_TIMEOUT_MS) and is renewed while the delivery runs:
 * a replica that takes the lock over while this one is still sending skips the message until the claim ended or
 * expired, and a delivery whose claim was lost anyway is cut short. The provider's answer is recorded after; a
 * failure only under the try's own claim, so the late failure of a lost try never sets back or gives up a message
 * another try sent. A failed try is retried with exponential backoff from MAIL_RETRY_BASE_MS until
 * MAIL_GIVE_UP_HOURS after the message was written, then it is marked failed and an error is logged. The one window
 * left, the server took the message but the answer or its record was lost, sends it again on its next try with the
 * same X-Idempotency-Key and Message-ID, so the duplicate is recognisable where it lands.
 */
@Injectable()
export class OutboxSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private again = false;
  private stopping = false;

  constructor(
    private readonly repository: OutboxRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How long a try holds its message: twice its deadline, so a claim renewed every half deadline never lapses. */
  private get claimMs(): number {
    return 2 * this.config.mailSendTimeoutMs;
  }

  onApplicationBootstrap(): void {
    if (this.config.outboxJobIntervalMs <= 0) return;
    this.timer = setInterval(() => this.deliverSoon(), this.config.outboxJobIntervalMs);
    this.timer.unref();
  }

  /**
   * Before the pool closes: no new run and no next message; the delivery in flight ends within its deadline
   * (MAIL_SEND_TIMEOUT_MS), its outcome is recorded and the lock released.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** Starts a run in the background, or asks the running one to look again when it is done. */
  deliverSoon(): void {
    if (this.stopping) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = this.runsWhileAsked().finally(() => (this.current = undefined));
  }

  /**
   * Runs until one run took the lock (another replica's sender may hold it for a moment). Never throws: what is
   * enqueued stays in the outbox whatever happens here, a failed run is logged under the sender's name and the
   * next run delivers it.
   */
  async deliverNow(): Promise<void> {
    const until = Date.now() + WAIT_FOR_OTHER_SENDER_MS;
    for (;;) {
      await this.current;
      if (this.stopping) return;
      const ran = await this.run().then(
        (run) => run.ran,
        (error: unknown) => {
          this.logFailedRun(error);
          return true;
        },
      );
      if (ran || Date.now() >= until) return;
      await sleep(50);
    }
  }

  async run(): Promise<OutboxRun> {
    const run = await this.repository.underJobLock(OUTBOX_JOB_LOCK, (lease) => this.deliverDue(lease));
    if (!run) return { ran: false, sent: 0, failed: 0 };
    if (run.value.sent + run.value.failed > 0) {
      this.logger.log(`delivered ${run.value.sent} e-mail(s), ${run.value.failed} failed try(s)`);
    }
    return { ran: true, ...run.value };
  }

  private logFailedRun(error: unknown): void {
    if (error instanceof JobLeaseLost) this.logger.warn(`sender stopped: ${error.message}`);
    else this.logger.error(`sender run failed: ${reason(error)}`);
  }

  private async runsWhileAsked(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.run();
      } catch (error) {
        this.logFailedRun(error);
      }
    } while (this.again && !this.stopping);
  }

  private async deliverDue(lease: JobLease): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const batch = await this.repository.due(BATCH);
      if (batch.length === 0) return { sent, failed };
      for (const message of batch) {
        if (this.stopping) return { sent, failed };
        await lease.check();
        const claim = await this.repository.claim(lease, message.id, this.claimMs);
        if (!claim) continue;
        if (await this.deliver(message, claim)) sent += 1;
        else failed += 1;
      }
    }
  }

  /** One try of one claimed message, its claim renewed while it runs; true when the provider took it. */
  private async deliver(message: DueMessage, claim: string): Promise<boolean> {
    const lost = new AbortController();
    const renewing = setInterval(() => {
      this.repository.renewClaim(message.id, claim, this.claimMs).then(
        (held) => {
          if (!held) lost.abort(new Error('the claim on the message was lost; the delivery was cut short'));
        },
        // A renewal that could not reach the database: the claim still runs its course, the next renewal retries.
        () => undefined,
      );
    }, this.config.mailSendTimeoutMs / 2);
    let answer: string;
    try {
      answer = await this.mail.send(
        {
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, 'base64'),
          })),
          idempotencyKey: message.idempotencyKey,
        },
        lost.signal,
      );
    } catch (error) {
      const tries = message.attempts + 1;
      const retryAt = nextAttemptAt(
        tries,
        message.createdAt,
        new Date(),
        this.config.mailRetryBaseMs,
        this.config.mailGiveUpMs,
      );
      if (!(await this.repository.markFailed(message.id, claim, reason(error), retryAt))) {
        this.logger.warn(`"${message.subject}" try ${tries} failed after its claim was lost; nothing recorded`);
        return false;
      }
      // The subject only: addresses and bodies stay out of the logs.
      if (retryAt) this.logger.warn(`"${message.subject}" not sent (try ${tries}, again ${retryAt.toISOString()})`);
      else this.logger.error(`"${message.subject}" given up after ${tries} tries: ${reason(error)}`);
      return false;
    } finally {
      clearInterval(renewing);
    }
    await this.record(message.id, answer);
    return true;
  }

  private async record(id: string, answer: string): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      try {
        await this.repository.markSent(id, answer);
        return;
      } catch (error) {
        if (tries >= RECORD_TRIES) throw error;
        await sleep(50 * tries);
      }
    }
  }
}
