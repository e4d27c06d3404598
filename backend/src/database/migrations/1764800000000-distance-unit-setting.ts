import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unit an account enters and imports distances and fuel in: miles and US gallons (the return's own units, every
 * existing account's) or kilometres and litres, converted on entry. What is stored stays miles and gallons.
 */
export class DistanceUnitSetting1764800000000 implements MigrationInterface {
  name = 'DistanceUnitSetting1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_settings ADD COLUMN distance_unit varchar(16) NOT NULL DEFAULT 'miles_gallons'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_settings DROP COLUMN distance_unit`);
  }
}
