import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { Clock } from '../common/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  daysBefore,
  daysBetween,
  OVERDUE_REMINDER_DAYS_AFTER,
  quarterDueDate,
  quarterLabel,
  quarterOf,
  REMINDER_DAYS_BEFORE,
  shiftQuarter,
  todayIn,
} from '../ifta/index.js';
import { JobLeaseLost, type JobLease } from '../database/job-lock.js';
import { Outbox } from '../mail/outbox.js';
import { FinalReturns } from '../reports/final-returns.js';
import { AccountProfile, type ReminderRecipient } from '../users/account-profile.service.js';
import { CalendarRepository } from './calendar.repository.js';
import { reminderMessage } from './reminder-message.js';

/** Key of the session-level advisory lock that makes the job run in one replica at a time (renewals use 6_420_001). */
export const REMINDER_JOB_LOCK = 6_420_002;
const BATCH = 500;

export interface ReminderRun {
  /** False when another replica held the lock, so this one did nothing. */
  ran: boolean;
  sent: number;
}

interface DueReminder {
  period: string;
  dueDate: string;
  /** Days before the due date the reminder marks; negative for an overdue one (-7: a week late). */
  daysBefore: number;
}

/** The reminder due on `today` for a return due on `dueDate`: the latest lead time already reached, if any. */
export function reminderDue(today: string, dueDate: string): number | null {
  if (today >= dueDate) return null;
  const reached = REMINDER_DAYS_BEFORE.filter((days) => daysBefore(dueDate, days) <= today);
  return reached.length > 0 ? Math.min(...reached) : null;
}

/**
 * The overdue reminder due on `today` for a return due on `dueDate`, as minus the days late it marks (-7 a week
 * late): the latest of OVERDUE_REMINDER_DAYS_AFTER already reached, so a run after downtime sends one, not a backlog.
 */
export function overdueReminderDue(today: string, dueDate: string): number | null {
  if (today <= dueDate) return null;
  const late = daysBetween(dueDate, today);
  const reached = OVERDUE_REMINDER_DAYS_AFTER.filter((days) => days <= late);
  return reached.length > 0 ? -Math.max(...reached) : null;
}

/** Quarters back from the current one whose return can still be reminded: the last overdue reminder is 90 days late. */
const QUARTERS_REMINDED = [-2, -1, 0];

/**
 * E-mails an account 14 and 3 days before each due date while its return for that quarter is not final, and again
 * 1, 7, 14, 30, 60 and 90 days after it while it is still not filed (only for a return that fell due after the
 * account was opened: an earlier one was the carrier's business before it came here), when its
 * `report_reminders` setting is on. Every replica has the timer; a run first takes a PostgreSQL advisory lock, and
 * each reminder is a row of sent_reminders (unique per account, period and lead time) inserted in the same
 * transaction that puts its e-mail in the outbox, so it is written once and the outbox delivers it once. Each such
 * transaction is fenced by the run's lease: a run whose lock connection died stops at its next reminder, so two
 * replicas never remind at once (docs/operations.md, "A job loses its lock"). After
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
    private readonly repository: CalendarRepository,
    private readonly accounts: AccountProfile,
    private readonly finalReturns: FinalReturns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
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
    const run = await this.repository.underJobLock(REMINDER_JOB_LOCK, async (lease) => {
      const sent = await this.processAll(lease);
      // One line per run that sent anything; a run sends an account at most one reminder per return, so with
      // several replicas the lines add up to the reminders sent, once each (test/app.replicas.e2e-spec.ts).
      if (sent > 0) this.logger.log(`processed ${sent} account(s)`);
      return sent;
    });
    if (!run) return { ran: false, sent: 0 };
    // Committed: the outbox has them. Delivered now rather than on the sender's next tick.
    if (run.value > 0) await this.outbox.deliverNow();
    return { ran: true, sent: run.value };
  }

  /**
   * Per time zone in use, the returns whose reminder is due today there; per such reminder, the accounts that
   * still need it (reminders on, none sent yet, no final report for the quarter). A run in which nothing is due
   * costs one query; on a reminder day each page of accounts costs three indexed queries, one per feature that
   * owns a part of the answer (users, calendar, reports).
   */
  private async processAll(lease: JobLease): Promise<number> {
    let sent = 0;
    for (const timezone of await this.accounts.reminderTimezones()) {
      const today = todayIn(timezone, this.clock.now());
      for (const due of this.dueReminders(today)) sent += await this.sendAll(lease, timezone, today, due);
    }
    return sent;
  }

  /** The reminders due on `today`: ahead of a coming due date, or after one passed with the return not filed. */
  private dueReminders(today: string): DueReminder[] {
    const current = quarterOf(today);
    return QUARTERS_REMINDED.map((offset) => shiftQuarter(current.year, current.quarter, offset))
      .map((q) => ({ period: quarterLabel(q.year, q.quarter), dueDate: quarterDueDate(q.year, q.quarter) }))
      .map((q) => ({ ...q, daysBefore: reminderDue(today, q.dueDate) ?? overdueReminderDue(today, q.dueDate) }))
      .filter((q): q is DueReminder => q.daysBefore !== null);
  }

  private async sendAll(lease: JobLease, timezone: string, today: string, due: DueReminder): Promise<number> {
    let sent = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // Who wants reminders, in which language and format; then, of them, who was reminded or has filed.
      const batch = await this.accounts.reminderRecipients(timezone, after, BATCH);
      if (batch.length === 0) return sent;
      const ids = batch.map((recipient) => recipient.id);
      const [reminded, filed] = await Promise.all([
        this.repository.remindedAmong(ids, due.period, due.daysBefore),
        this.finalReturns.filedAmong(ids, due.dueDate),
      ]);
      for (const recipient of batch) {
        if (reminded.has(recipient.id) || filed.has(recipient.id)) continue;
        if (due.daysBefore < 0 && recipient.joined_on > due.dueDate) continue;
        try {
          if (await this.remind(lease, recipient, today, due)) sent += 1;
        } catch (error) {
          if (error instanceof JobLeaseLost) throw error; // another replica may be running: stop here
          // One account's failure (a dropped connection) must not hold up everyone else's reminder.
          this.logger.error(
            `reminder for an account failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      after = batch[batch.length - 1].id;
    }
  }

  /** Records one reminder and enqueues its e-mail, unless a row says it went out already; true when this call did. */
  private async remind(
    lease: JobLease,
    recipient: ReminderRecipient,
    today: string,
    due: DueReminder,
  ): Promise<boolean> {
    return this.repository.transaction(async (manager) => {
      await lease.fence(manager);
      if (!(await this.repository.recordReminder(manager, recipient.id, due.period, due.daysBefore))) return false;
      await this.outbox.enqueue(manager, {
        key: `reminder:${recipient.id}:${due.period}:${due.daysBefore}`,
        ...reminderMessage({
          to: recipient.email,
          language: recipient.language,
          dateFormat: recipient.date_format,
          period: due.period,
          dueDate: due.dueDate,
          daysLeft: daysBetween(today, due.dueDate),
          companyName: recipient.company_name,
        }),
      });
      return true;
    });
  }
}
