import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The official return beside the spec's worksheet: a report's calculation mode and where its MPG came
 * from; per line the non-tax-paid gallons and the surcharge rate and amount it was computed with (a snapshot, so a
 * later rate change never alters a saved return). Existing reports are worksheets and keep their numbers.
 */
export class OfficialMode1764400400000 implements MigrationInterface {
  name = 'OfficialMode1764400400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports ADD COLUMN calculation_mode varchar(20) NOT NULL DEFAULT 'worksheet',
      ADD COLUMN mpg_source varchar(10), ADD COLUMN fleet_mpg numeric(8,2),
      ADD COLUMN non_tax_paid_gallons numeric(17,3) NOT NULL DEFAULT 0,
      ADD COLUMN surcharge_due numeric(17,2) NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE report_jurisdictions ADD COLUMN non_tax_paid_gallons numeric(14,3) NOT NULL DEFAULT 0,
      ADD COLUMN surcharge_rate numeric(10,4) NOT NULL DEFAULT 0,
      ADD COLUMN surcharge_due numeric(14,2) NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE report_jurisdictions DROP COLUMN surcharge_due, DROP COLUMN surcharge_rate,
      DROP COLUMN non_tax_paid_gallons`);
    await db.query(`ALTER TABLE reports DROP COLUMN surcharge_due, DROP COLUMN non_tax_paid_gallons,
      DROP COLUMN fleet_mpg, DROP COLUMN mpg_source, DROP COLUMN calculation_mode`);
  }
}
