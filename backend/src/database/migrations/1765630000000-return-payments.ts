import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a carrier paid on a filed return, or got back: payments, refunds and credits carried forward to a later
 * return, several per return. They belong to the return, not to one final of it: `return_key` is the reports'
 * return key, or `report:<id>` for a final that stands alone (a worksheet), so an amended return's balance carries
 * what was paid on the finals it supersedes, and deleting an amendment leaves the money recorded against its return.
 * `report_id` is the final the entry was recorded on, kept for the record (null once that final is deleted).
 * Amounts are positive; the kind says which way the money went.
 */
export class ReturnPayments1765630000000 implements MigrationInterface {
  name = 'ReturnPayments1765630000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE return_payments (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        return_key varchar(400) NOT NULL,
        report_id uuid REFERENCES reports (id) ON DELETE SET NULL,
        kind varchar(30) NOT NULL CHECK (kind IN ('payment', 'refund', 'credit_carried_forward')),
        paid_on date NOT NULL,
        amount numeric(12,2) NOT NULL CHECK (amount > 0),
        method varchar(10) NOT NULL CHECK (method IN ('ach', 'check', 'card', 'eft', 'other')),
        reference varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT return_payments_pkey PRIMARY KEY (id)
      )`);
    await db.query(`CREATE INDEX return_payments_return ON return_payments (user_id, return_key, paid_on, created_at)`);
    await db.query(`CREATE INDEX return_payments_report ON return_payments (report_id) WHERE report_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE return_payments`);
  }
}
