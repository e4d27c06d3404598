import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account's vehicles: one per unit its trips and fuel purchases name (whatever the case), with the fuel type
 * whose schedule its miles go to, where that fuel type came from, and optional VIN, plate and active dates. Every unit
 * the records already name becomes a vehicle, its fuel type the one it bought most gallons of (ties to diesel, then
 * by name), diesel by default when it bought none: what returns computed for it until now.
 */
export class Vehicles1764730000000 implements MigrationInterface {
  name = 'Vehicles1764730000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE vehicles (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        unit varchar(50) NOT NULL,
        fuel_type varchar(30) NOT NULL,
        fuel_type_source varchar(10) NOT NULL DEFAULT 'user',
        vin varchar(17),
        plate varchar(20),
        active_from date,
        active_to date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT vehicles_pkey PRIMARY KEY (id),
        CONSTRAINT vehicles_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT vehicles_active_dates_in_order
          CHECK (active_from IS NULL OR active_to IS NULL OR active_from <= active_to),
        CONSTRAINT vehicles_fuel_type_source_allowed CHECK (fuel_type_source IN ('default', 'purchases', 'user'))
      )`);
    await db.query(`CREATE UNIQUE INDEX vehicles_user_unit ON vehicles (user_id, lower(unit))`);
    await db.query(`
      WITH named AS (
        SELECT user_id, unit FROM trips UNION SELECT user_id, unit FROM fuel_purchases
      ), units AS (
        SELECT DISTINCT ON (user_id, lower(unit)) user_id, unit FROM named ORDER BY user_id, lower(unit), unit
      ), bought AS (
        SELECT user_id, lower(unit) AS key, fuel_type, sum(gallons) AS gallons
          FROM fuel_purchases GROUP BY 1, 2, 3
      ), own AS (
        SELECT DISTINCT ON (user_id, key) user_id, key, fuel_type FROM bought
         ORDER BY user_id, key, gallons DESC, (fuel_type = 'diesel') DESC, fuel_type COLLATE "C"
      )
      INSERT INTO vehicles (user_id, unit, fuel_type, fuel_type_source)
      SELECT u.user_id, u.unit, coalesce(o.fuel_type, 'diesel'),
             CASE WHEN o.fuel_type IS NULL THEN 'default' ELSE 'purchases' END
        FROM units u LEFT JOIN own o ON o.user_id = u.user_id AND o.key = lower(u.unit)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE vehicles');
  }
}
