import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxSender } from './outbox-sender.job.js';
import { type OutboxMessage, OutboxRepository, type OutboxStatus } from './outbox.repository.js';

export type { OutboxMessage } from './outbox.repository.js';

/**
 * How every feature sends an e-mail: `enqueue` writes it in the caller's transaction, beside the fact it reports
 * (a reminder recorded, a reset token issued, an invoice paid), so the e-mail exists if and only if the fact does.
 * The sender (OutboxSender, one across replicas) delivers it, retries with backoff and gives up after
 * MAIL_GIVE_UP_HOURS (docs/operations.md, "Mail transport down").
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly repository: OutboxRepository,
    private readonly sender: OutboxSender,
  ) {}

  /** In the caller's transaction; false when an e-mail with this key was enqueued before (it is not sent twice). */
  enqueue(manager: EntityManager, message: OutboxMessage): Promise<boolean> {
    return this.repository.insert(manager, message);
  }

  /** Enqueues in a transaction of its own, for an e-mail whose fact is not a row (a notice about sign-ins). */
  enqueueAlone(message: OutboxMessage): Promise<boolean> {
    return this.repository.transaction((manager) => this.enqueue(manager, message));
  }

  /** Asks the sender to deliver what is due now, without waiting for it (call after the enqueue committed). */
  deliverSoon(): void {
    this.sender.deliverSoon();
  }

  /** Delivers what is due now and waits for it; a sender busy in another replica is waited for a little while. */
  deliverNow(): Promise<void> {
    return this.sender.deliverNow();
  }

  statusOf(key: string): Promise<OutboxStatus | null> {
    return this.repository.statusOf(key);
  }
}
