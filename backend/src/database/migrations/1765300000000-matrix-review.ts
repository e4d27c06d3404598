import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A matrix version that would take rates away from every account (a surcharge block, a jurisdiction, a fuel, a rate
 * turned to `$-`) is held for an operator's review instead of published: status 'held', with the list of what it
 * removes (`review`). The operator publishes it with a reason, or restores an earlier version as a new one
 * ('restore', naming the version in `restores_version`). A restore carries the checksum of the file it restores, so
 * a quarter's checksum is no longer unique: "the same file twice" is now decided against the version in force.
 */
export class MatrixReview1765300000000 implements MigrationInterface {
  name = 'MatrixReview1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE official_rate_matrices DROP CONSTRAINT official_rate_matrices_status_allowed`);
    await db.query(`ALTER TABLE official_rate_matrices ADD CONSTRAINT official_rate_matrices_status_allowed
      CHECK (status IN ('published', 'superseded', 'held'))`);
    await db.query(`ALTER TABLE official_rate_matrices DROP CONSTRAINT official_rate_matrices_source_kind_allowed`);
    await db.query(`ALTER TABLE official_rate_matrices ADD CONSTRAINT official_rate_matrices_source_kind_allowed
      CHECK (source_kind IN ('seed', 'url', 'file', 'restore'))`);
    await db.query(`ALTER TABLE official_rate_matrices ADD COLUMN review jsonb NOT NULL DEFAULT '[]'`);
    await db.query(`ALTER TABLE official_rate_matrices ADD COLUMN reason varchar(500)`);
    await db.query(`ALTER TABLE official_rate_matrices ADD COLUMN restores_version integer`);
    await db.query(`DROP INDEX official_rate_matrices_quarter_checksum`);
    await db.query(
      `CREATE INDEX official_rate_matrices_quarter_checksum ON official_rate_matrices (quarter, checksum)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM official_rates WHERE matrix_id IN
      (SELECT id FROM official_rate_matrices WHERE status = 'held' OR source_kind = 'restore')`);
    await db.query(`DELETE FROM official_rate_matrices WHERE status = 'held' OR source_kind = 'restore'`);
    await db.query(`DROP INDEX official_rate_matrices_quarter_checksum`);
    await db.query(
      `CREATE UNIQUE INDEX official_rate_matrices_quarter_checksum ON official_rate_matrices (quarter, checksum)`,
    );
    await db.query(`ALTER TABLE official_rate_matrices DROP COLUMN restores_version`);
    await db.query(`ALTER TABLE official_rate_matrices DROP COLUMN reason`);
    await db.query(`ALTER TABLE official_rate_matrices DROP COLUMN review`);
    await db.query(`ALTER TABLE official_rate_matrices DROP CONSTRAINT official_rate_matrices_source_kind_allowed`);
    await db.query(`ALTER TABLE official_rate_matrices ADD CONSTRAINT official_rate_matrices_source_kind_allowed
      CHECK (source_kind IN ('seed', 'url', 'file'))`);
    await db.query(`ALTER TABLE official_rate_matrices DROP CONSTRAINT official_rate_matrices_status_allowed`);
    await db.query(`ALTER TABLE official_rate_matrices ADD CONSTRAINT official_rate_matrices_status_allowed
      CHECK (status IN ('published', 'superseded'))`);
  }
}
