import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A filed return that is its return's return of record is voided, never deleted: the row stays, with when and why,
 * and stops being a final of its return's chain (return-groups.ts), so the final before it is the return of record
 * again. A reason is required with the time: the check keeps the two together.
 */
export class ReportVoids1765650000000 implements MigrationInterface {
  name = 'ReportVoids1765650000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports ADD COLUMN voided_at timestamptz, ADD COLUMN void_reason varchar(500),
         ADD CONSTRAINT reports_void_reason_check CHECK ((voided_at IS NULL) = (void_reason IS NULL))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE reports DROP CONSTRAINT reports_void_reason_check, DROP COLUMN voided_at, DROP COLUMN void_reason',
    );
  }
}
