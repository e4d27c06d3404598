import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingCustomer } from './entities.js';

/**
 * The SQL of the billing feature: its tables (`billing_customers`, `billing_events`) and the per-account billing
 * lock. Methods that take an EntityManager run in the caller's transaction.
 */
@Injectable()
export class BillingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Holds the account's billing lock until the caller's transaction ends. */
  async lockAccount(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing:${userId}`]);
  }

  /** The provider's customer id of the account; inside a transaction it reads through that transaction's connection. */
  async customerId(userId: string, provider: string, manager: EntityManager = this.db.manager): Promise<string | null> {
    const row = await manager.findOneBy(BillingCustomer, { userId, provider });
    return row?.providerCustomerId ?? null;
  }

  /**
   * Remembers a customer made at the provider, through the pool (outside any caller's transaction); when two were
   * made at once the first row wins. Answers the customer id kept.
   */
  async keepCustomer(userId: string, provider: string, providerCustomerId: string): Promise<string> {
    const repository = this.db.getRepository(BillingCustomer);
    await repository
      .createQueryBuilder()
      .insert()
      .values({ userId, provider, providerCustomerId })
      .orIgnore()
      .execute();
    const kept = await repository.findOneByOrFail({ userId, provider });
    return kept.providerCustomerId;
  }

  /** Stores a provider event's id; false when it was stored before (a replay). */
  async recordEvent(manager: EntityManager, provider: string, id: string, type: string): Promise<boolean> {
    const stored = (await manager.query(
      `INSERT INTO billing_events (id, provider, type) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, provider, type],
    )) as unknown[];
    return stored.length > 0;
  }
}
