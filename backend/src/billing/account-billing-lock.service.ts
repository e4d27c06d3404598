import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingRepository } from './billing.repository.js';

/**
 * Serialises one account's billing changes (subscribe, change plan, set default card) until the transaction ends,
 * across every replica: a double click waits for the first click's result instead of racing it.
 */
@Injectable()
export class AccountBillingLock {
  constructor(private readonly billing: BillingRepository) {}

  /** Takes the lock in the caller's transaction; it is released when that transaction commits or rolls back. */
  hold(manager: EntityManager, userId: string): Promise<void> {
    return this.billing.lockAccount(manager, userId);
  }
}
