import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a rate is the account's own change rather than IFTA's published figure (`changed_by_account`), so a
 * return can say which of its rates are official and which the account set. Rates seeded or imported from a matrix
 * carry the matrix's CAN$/litre figure; those without one were entered or edited in the form (Oregon's diesel, 0 by
 * rule with no matrix figure, excepted).
 */
export class TaxRateAccountChanges1764520200000 implements MigrationInterface {
  name = 'TaxRateAccountChanges1764520200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tax_rates ADD COLUMN changed_by_account boolean NOT NULL DEFAULT false`);
    await db.query(`UPDATE tax_rates SET changed_by_account = true
      WHERE rate_cad_per_litre IS NULL
        AND NOT (upper(abbreviation) = 'OR' AND fuel_type = 'diesel' AND kind = 'base' AND rate = 0)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tax_rates DROP COLUMN changed_by_account`);
  }
}
