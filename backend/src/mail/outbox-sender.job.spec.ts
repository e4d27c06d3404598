import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { JobLeaseLost } from '../database/job-lock.js';
import type { MailService } from './mail.service.js';
import { OUTBOX_JOB_LOCK, OutboxSender } from './outbox-sender.job.js';
import type { OutboxRepository } from './outbox.repository.js';

describe('OutboxSender.deliverNow', () => {
  it("logs a lost sender lock under the sender's own name, not its caller's, and does not throw", async () => {
    const repository = {
      underJobLock: () => Promise.reject(new JobLeaseLost(OUTBOX_JOB_LOCK)),
    } as unknown as OutboxRepository;
    const config = { mailSendTimeoutMs: 1000, outboxJobIntervalMs: 0 } as AppConfig;
    const sender = new OutboxSender(repository, {} as MailService, config);
    const warnings: Array<{ context: unknown; message: unknown }> = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(function (this: Logger, message: unknown) {
      warnings.push({ context: (this as unknown as { context?: string }).context, message });
    });
    try {
      // The reminder job and the invoice resend call this after their own work committed: a failure of the sender
      // is the sender's to report, and the e-mail waits in the outbox for its next run.
      await expect(sender.deliverNow()).resolves.toBeUndefined();
    } finally {
      warn.mockRestore();
    }
    expect(warnings).toEqual([
      { context: 'Outbox', message: `sender stopped: job lock ${OUTBOX_JOB_LOCK} was lost; the run stops` },
    ]);
  });
});
