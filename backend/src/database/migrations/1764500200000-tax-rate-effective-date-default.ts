import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The same default written so TypeORM can read it back (against schema drift). TypeORM 1.1 rewrites an entity's
 * `CURRENT_DATE` into `('now'::text)::date`, which PostgreSQL 10 and later never report, so every schema diff wanted
 * to reset this default and, the column being "changed", to drop and recreate its indexes: among them
 * tax_rates_one_active_per_series_date, which it cannot recreate (an expression index). `date_trunc('day', now())`
 * is today's date in the session's time zone, as CURRENT_DATE is.
 */
export class TaxRateEffectiveDateDefault1764500200000 implements MigrationInterface {
  name = 'TaxRateEffectiveDateDefault1764500200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tax_rates ALTER COLUMN effective_date SET DEFAULT date_trunc('day', now())`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE tax_rates ALTER COLUMN effective_date SET DEFAULT CURRENT_DATE');
  }
}
