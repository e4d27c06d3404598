import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A report line may report one rate period of its jurisdiction when the rate changes inside the quarter: the first
 * day of that period (null for the quarter's first period, as every existing line is).
 */
export class ReportLineRatePeriod1764720000300 implements MigrationInterface {
  name = 'ReportLineRatePeriod1764720000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE report_jurisdictions ADD COLUMN rate_from date`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE report_jurisdictions DROP COLUMN rate_from`);
  }
}
