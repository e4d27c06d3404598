import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../billing/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  daysBefore,
  daysBetween,
  quarterDueDate,
  quarterLabel,
  quarterOf,
  REMINDER_DAYS_BEFORE,
  shiftQuarter,
  todayIn,
} from '../ifta/index.js';
import { MailService } from '../mail/mail.service.js';
import { reminderMessage } from './reminder-message.js';

/** Key of the session-level advisory lock that makes the job run in one replica at a time (renewals use 6_420_001). */
export const REMINDER_JOB_LOCK = 6_420_002;
const BATCH = 500;

export interface ReminderRun {
  /** False when another replica held the lock, so this one did nothing. */
  ran: boolean;
  sent: number;
}

interface Recipient {
  id: string;
  email: string;
  language: string;
  date_format: string;
}

interface DueReminder {
  period: string;
  dueDate: string;
  daysBefore: number;
}

/** The reminder due on `today` for a return due on `dueDate`: the latest lead time already reached, if any. */
export function reminderDue(today: string, dueDate: string): number | null {
  if (today >= dueDate) return null;
  const reached = REMINDER_DAYS_BEFORE.filter((days) => daysBefore(dueDate, days) <= today);
  return reached.length > 0 ? Math.min(...reached) : null;
}

/**
 * E-mails an account 14 and 3 days before each due date while its return for that quarter is not final, when its
 * `report_reminders` setting is on. Every replica has the timer; a run first takes a PostgreSQL advisory lock, and
 * each reminder is a row of sent_reminders (unique per account, period and lead time) inserted in the same
 * transaction that sends it, so it goes out once, a failed send is retried, and a restart loses nothing. After
 * downtime the next run sends what is still ahead of the due date: a missed 14-day reminder is replaced by the
 * 3-day one when that is due too, so a carrier never gets two at once.
 */
@Injectable()
export class ReminderJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReminderJob');
  private timer?: NodeJS.Timeout;
  /** The timer's run in progress, awaited at shutdown so the pool is never closed under it. */
  private current?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly mail: MailService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.reminderJobIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.current) return; // the previous run is still going: never two runs of one replica at once
      this.current = this.run()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.logger.error(`reminder run failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => (this.current = undefined));
    }, this.config.reminderJobIntervalMs);
    this.timer.unref();
  }

  /** Before the pool closes (onApplicationShutdown): no new run, and the running one ends and unlocks first. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  async run(): Promise<ReminderRun> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [REMINDER_JOB_LOCK])) as [
        { locked: boolean },
      ];
      if (!locked) return { ran: false, sent: 0 };
      try {
        const sent = await this.processAll();
        // One line per run that sent anything; a run sends an account at most one reminder per return, so with
        // several replicas the lines add up to the reminders sent, once each (test/replicas.e2e-spec.ts).
        if (sent > 0) this.logger.log(`processed ${sent} account(s)`);
        return { ran: true, sent };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [REMINDER_JOB_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Per time zone in use, the returns whose reminder is due today there; per such reminder, the accounts that
   * still need it, found by PostgreSQL (reminders on, none sent yet, no final report for the quarter), so a run
   * in which nothing is due costs a few index lookups, not a pass over every account.
   */
  private async processAll(): Promise<number> {
    const zones = (await this.dataSource.query(
      `SELECT DISTINCT timezone FROM user_settings WHERE report_reminders`,
    )) as Array<{ timezone: string }>;
    let sent = 0;
    for (const { timezone } of zones) {
      const today = todayIn(timezone, this.clock.now());
      for (const due of this.dueReminders(today)) sent += await this.sendAll(timezone, today, due);
    }
    return sent;
  }

  /** The reminders due on `today` for the last closed and the current quarter. */
  private dueReminders(today: string): DueReminder[] {
    const current = quarterOf(today);
    return [-1, 0]
      .map((offset) => shiftQuarter(current.year, current.quarter, offset))
      .map((q) => ({ period: quarterLabel(q.year, q.quarter), dueDate: quarterDueDate(q.year, q.quarter) }))
      .map((q) => ({ ...q, daysBefore: reminderDue(today, q.dueDate) }))
      .filter((q): q is DueReminder => q.daysBefore !== null);
  }

  private async sendAll(timezone: string, today: string, due: DueReminder): Promise<number> {
    let sent = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // Read-only join of the users feature's tables: who wants this reminder, in which language and format.
      const batch = (await this.dataSource.query(
        `SELECT u.id, u.email, s.language, s.date_format
           FROM users u JOIN user_settings s ON s.user_id = u.id
          WHERE s.report_reminders AND s.timezone = $1 AND u.id > $2
            AND NOT EXISTS (SELECT 1 FROM sent_reminders r
                             WHERE r.user_id = u.id AND r.period = $3 AND r.days_before = $4)
            AND NOT EXISTS (SELECT 1 FROM reports x
                             WHERE x.user_id = u.id AND x.status = 'final' AND x.due_date = $5)
          ORDER BY u.id LIMIT $6`,
        [timezone, after, due.period, due.daysBefore, due.dueDate, BATCH],
      )) as Recipient[];
      if (batch.length === 0) return sent;
      for (const recipient of batch) {
        try {
          if (await this.remind(recipient, today, due)) sent += 1;
        } catch (error) {
          // One account's failure (a bad address, SMTP down) must not hold up everyone else's reminder.
          this.logger.error(
            `reminder for an account failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      after = batch[batch.length - 1].id;
    }
  }

  /** Sends one reminder unless a row says it went out already; answers whether this call sent it. */
  private async remind(recipient: Recipient, today: string, due: DueReminder): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = (await manager.query(
        `INSERT INTO sent_reminders (user_id, period, days_before) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [recipient.id, due.period, due.daysBefore],
      )) as unknown[];
      if (inserted.length === 0) return false;
      // Sent inside the transaction: if delivery throws, the row is rolled back and the next run retries.
      await this.mail.send(
        reminderMessage({
          to: recipient.email,
          language: recipient.language,
          dateFormat: recipient.date_format,
          period: due.period,
          dueDate: due.dueDate,
          daysLeft: daysBetween(today, due.dueDate),
        }),
      );
      return true;
    });
  }
}
