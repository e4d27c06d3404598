import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Stripe adapter charges each period with a PaymentIntent for the plan's own price (the app runs the billing
 * cycle), so a Stripe Price id per plan is never read: the column only suggested otherwise.
 */
export class DropPlanStripePrice1764200400000 implements MigrationInterface {
  name = 'DropPlanStripePrice1764200400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE plans DROP COLUMN stripe_price_id');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE plans ADD COLUMN stripe_price_id varchar(100)');
  }
}
