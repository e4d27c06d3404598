import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingCustomer } from './entities.js';
import { PaymentProvider } from './payment-provider.js';

/** The provider's customer for an account, made on first need and remembered. */
@Injectable()
export class BillingCustomersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
  ) {}

  /**
   * Written outside the caller's transaction on purpose: the customer exists at the provider as soon as it is made,
   * so a rolled-back payment must not forget it (cards attached to it stay attached to it).
   */
  async customerId(userId: string, manager?: EntityManager): Promise<string> {
    const repository = this.dataSource.getRepository(BillingCustomer);
    // Inside a transaction the usual case (the customer exists) reads through its own connection, taking no other.
    const existing = await (manager ?? this.dataSource.manager).findOneBy(BillingCustomer, {
      userId,
      provider: this.provider.name,
    });
    if (existing) return existing.provider_customer_id;
    const [{ email }] = (await this.dataSource.query('SELECT email FROM users WHERE id = $1', [userId])) as Array<{
      email: string;
    }>;
    const made = await this.provider.createCustomer(userId, email);
    // Two first payments at once: the first row wins and both use it.
    await repository
      .createQueryBuilder()
      .insert()
      .values({ userId, provider: this.provider.name, provider_customer_id: made })
      .orIgnore()
      .execute();
    const kept = await repository.findOneByOrFail({ userId, provider: this.provider.name });
    return kept.provider_customer_id;
  }
}
