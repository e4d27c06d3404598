import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A line's rate source now tells the quarter's own table rate ('official', formerly 'table') from the newest
 * quarter's rate used while the quarter's matrix is not out ('provisional', eleven characters: the column widens).
 */
export class ProvisionalRateSource1764520000000 implements MigrationInterface {
  name = 'ProvisionalRateSource1764520000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE report_jurisdictions ALTER COLUMN rate_source TYPE varchar(12)`);
    await db.query(`UPDATE report_jurisdictions SET rate_source = 'official' WHERE rate_source = 'table'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE report_jurisdictions SET rate_source = 'table' WHERE rate_source = 'official'`);
    await db.query(`UPDATE report_jurisdictions SET rate_source = 'typed' WHERE rate_source = 'provisional'`);
    await db.query(`ALTER TABLE report_jurisdictions ALTER COLUMN rate_source TYPE varchar(8)`);
  }
}
