import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountProfile } from '../users/account-profile.service.js';
import { BillingRepository } from './billing.repository.js';
import { PaymentProvider } from './payment-provider.js';

/** The provider's customer for an account, made on first need and remembered. */
@Injectable()
export class BillingCustomersService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly provider: PaymentProvider,
    private readonly accounts: AccountProfile,
  ) {}

  /**
   * Written outside the caller's transaction on purpose: the customer exists at the provider as soon as it is made,
   * so a rolled-back payment must not forget it (cards attached to it stay attached to it).
   */
  async customerId(userId: string, manager?: EntityManager): Promise<string> {
    // Inside a transaction the usual case (the customer exists) reads through its own connection, taking no other.
    const existing = await this.billing.customerId(userId, this.provider.name, manager);
    if (existing) return existing;
    const made = await this.provider.createCustomer(userId, await this.accounts.email(userId));
    // Two first payments at once: the first row wins and both use it.
    return this.billing.keepCustomer(userId, this.provider.name, made);
  }
}
