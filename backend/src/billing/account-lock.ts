import type { EntityManager } from 'typeorm';

/**
 * Serialises one account's billing changes (subscribe, change plan, set default card) until the transaction ends,
 * across every replica: a double click waits for the first click's result instead of racing it.
 */
export async function lockAccountBilling(manager: EntityManager, userId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing:${userId}`]);
}
