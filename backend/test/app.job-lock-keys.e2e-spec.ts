import { describe, expect, it } from '@jest/globals';
import { REMINDER_JOB_LOCK } from '../src/calendar/reminder.job.js';
import { MIGRATIONS_LOCK } from '../src/database/migrate-under-lock.js';
import { OUTBOX_JOB_LOCK } from '../src/mail/outbox-sender.job.js';
import { RENEWAL_JOB_LOCK } from '../src/subscriptions/renewal.job.js';
import { MATRIX_UPDATER_LOCK } from '../src/tax-rates/official/matrix-updater.job.js';

describe("the background jobs' advisory lock keys", () => {
  // Two jobs on one key exclude each other on every replica: the matrix updater once held all e-mail back.
  it('are one key a job', () => {
    const keys = [MIGRATIONS_LOCK, RENEWAL_JOB_LOCK, REMINDER_JOB_LOCK, OUTBOX_JOB_LOCK, MATRIX_UPDATER_LOCK];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
