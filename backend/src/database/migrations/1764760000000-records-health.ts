import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an audit of the records asks for beyond a return's sums: the odometer at the start and end of each trip
 * segment (optional: a trip sheet may give the route instead), the seller's address and the price a fuel receipt
 * shows (docs/ifta-domain.md "Records an audit asks for"), the account's tolerances for the records-health
 * checks (the MPG band of diesel units, the miles a unit may run without a fuel purchase), and the findings the
 * account has looked at and acknowledged, each with a note.
 */
export class RecordsHealth1764760000000 implements MigrationInterface {
  name = 'RecordsHealth1764760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE trips
      ADD COLUMN odometer_start numeric(12,1) CHECK (odometer_start >= 0),
      ADD COLUMN odometer_end numeric(12,1) CHECK (odometer_end >= 0),
      ADD CONSTRAINT trips_odometer_in_order
        CHECK (odometer_start IS NULL OR odometer_end IS NULL OR odometer_start <= odometer_end)`);
    await db.query(`ALTER TABLE fuel_purchases
      ADD COLUMN vendor_address varchar(200) NOT NULL DEFAULT '',
      ADD COLUMN total_price numeric(12,2) CHECK (total_price >= 0)`);
    await db.query(`CREATE TABLE record_health_settings (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      mpg_min numeric(5,2) NOT NULL DEFAULT 4.00,
      mpg_max numeric(5,2) NOT NULL DEFAULT 8.50,
      no_fuel_miles numeric(10,1) NOT NULL DEFAULT 1500,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT record_health_settings_band CHECK (mpg_min > 0 AND mpg_min < mpg_max),
      CONSTRAINT record_health_settings_distance CHECK (no_fuel_miles > 0))`);
    await db.query(`CREATE TABLE record_health_acknowledgements (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      "check" varchar(40) NOT NULL,
      key varchar(300) NOT NULL,
      note varchar(1000) NOT NULL,
      acknowledged_by varchar(255) NOT NULL,
      acknowledged_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, "check", key))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE record_health_acknowledgements');
    await db.query('DROP TABLE record_health_settings');
    await db.query('ALTER TABLE fuel_purchases DROP COLUMN vendor_address, DROP COLUMN total_price');
    await db.query(`ALTER TABLE trips DROP CONSTRAINT trips_odometer_in_order,
      DROP COLUMN odometer_start, DROP COLUMN odometer_end`);
  }
}
