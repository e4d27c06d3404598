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
 * is checked before each message. Each message is claimed in a fenced transaction before it is sent (counting the
 * try and setting it aside for MAIL_SEND_TIMEOUT_MS), so a replica that takes the lock over while this one is still
 * sending never sends it too; the provider's answer is recorded after. A failed try is retried with exponential
 * backoff from MAIL_RETRY_BASE_MS until MAIL_GIVE_UP_HOURS after the message was written, then it is marked failed
 * and an error is logged. The one window left, a crash between sending and recording, sends the message again on
 * its next try with the same X-Idempotency-Key and Message-ID, so the duplicate is recognisable where it lands.
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

  onApplicationBootstrap(): void {
    if (this.config.outboxJobIntervalMs <= 0) return;
    this.timer = setInterval(() => this.deliverSoon(), this.config.outboxJobIntervalMs);
    this.timer.unref();
  }

  /** Before the pool closes: no new run, and the running one ends and unlocks first. */
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

  /** Runs until one run took the lock (another replica's sender may hold it for a moment). */
  async deliverNow(): Promise<void> {
    const until = Date.now() + WAIT_FOR_OTHER_SENDER_MS;
    for (;;) {
      await this.current;
      if ((await this.run()).ran || Date.now() >= until || this.stopping) return;
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

  private async runsWhileAsked(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.run();
      } catch (error) {
        if (error instanceof JobLeaseLost) this.logger.warn(`sender stopped: ${error.message}`);
        else this.logger.error(`sender run failed: ${reason(error)}`);
      }
    } while (this.again && !this.stopping);
  }

  private async deliverDue(lease: JobLease): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const batch = await this.repository.due(BATCH);
      if (batch.length === 0 || this.stopping) return { sent, failed };
      for (const message of batch) {
        await lease.check();
        if (!(await this.repository.claim(lease, message.id, this.config.mailSendTimeoutMs))) continue;
        if (await this.deliver(message)) sent += 1;
        else failed += 1;
      }
    }
  }

  /** One try of one claimed message; true when the provider took it. */
  private async deliver(message: DueMessage): Promise<boolean> {
    let answer: string;
    try {
      answer = await this.mail.send({
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
        idempotencyKey: message.idempotencyKey,
      });
    } catch (error) {
      const tries = message.attempts + 1;
      const retryAt = nextAttemptAt(
        tries,
        message.createdAt,
        new Date(),
        this.config.mailRetryBaseMs,
        this.config.mailGiveUpMs,
      );
      await this.repository.markFailed(message.id, reason(error), retryAt);
      // The subject only: addresses and bodies stay out of the logs.
      if (retryAt) this.logger.warn(`"${message.subject}" not sent (try ${tries}, again ${retryAt.toISOString()})`);
      else this.logger.error(`"${message.subject}" given up after ${tries} tries: ${reason(error)}`);
      return false;
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
