import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A sandbox card, like a provider's payment method, belongs to the first customer it is attached to. */
export class SandboxCardCustomer1764200200000 implements MigrationInterface {
  name = 'SandboxCardCustomer1764200200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE sandbox_payment_methods ADD COLUMN customer_id varchar(64)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE sandbox_payment_methods DROP COLUMN customer_id');
  }
}
