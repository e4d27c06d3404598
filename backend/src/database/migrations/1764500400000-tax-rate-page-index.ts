import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spec's rate table reads one fuel type and kind of an account's rates (diesel base rates by default) in name
 * order, but tax_rates_user_name led with the account alone, so each page read every quarter and fuel type of the
 * account's history (622 rows of a seeded account) to keep 58.
 */
export class TaxRatePageIndex1764500400000 implements MigrationInterface {
  name = 'TaxRatePageIndex1764500400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX tax_rates_user_fuel_kind_name ON tax_rates (user_id, fuel_type, kind, lower(name))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX tax_rates_user_fuel_kind_name');
  }
}
