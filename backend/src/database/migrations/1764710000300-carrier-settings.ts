import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two optional settings for the carrier block of the return: the carrier's FEIN (federal employer identification
 * number, written 12-3456789) and its base jurisdiction (an IFTA member's code: where the return is filed and
 * paid). Empty until set.
 */
export class CarrierSettings1764710000300 implements MigrationInterface {
  name = 'CarrierSettings1764710000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE user_settings
        ADD COLUMN fein varchar(10) NOT NULL DEFAULT '',
        ADD COLUMN base_jurisdiction varchar(2) NOT NULL DEFAULT ''`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_settings DROP COLUMN fein, DROP COLUMN base_jurisdiction`);
  }
}
