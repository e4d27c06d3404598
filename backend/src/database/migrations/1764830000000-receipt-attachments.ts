import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files kept by the storage port's PostgreSQL driver (`stored_files`, by key), and on each fuel purchase what its
 * attached receipt is: the storage key, its type (read from its bytes), size and when it was attached.
 */
export class ReceiptAttachments1764830000000 implements MigrationInterface {
  name = 'ReceiptAttachments1764830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE stored_files (
      key varchar(512) PRIMARY KEY,
      content bytea NOT NULL,
      content_type varchar(128) NOT NULL,
      size integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query(`ALTER TABLE fuel_purchases
      ADD COLUMN attachment_key varchar(512),
      ADD COLUMN attachment_content_type varchar(128),
      ADD COLUMN attachment_size integer,
      ADD COLUMN attachment_uploaded_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE fuel_purchases DROP COLUMN attachment_key, DROP COLUMN attachment_content_type,
      DROP COLUMN attachment_size, DROP COLUMN attachment_uploaded_at`);
    await db.query('DROP TABLE stored_files');
  }
}
