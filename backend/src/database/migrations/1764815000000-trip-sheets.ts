import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an individual vehicle mileage record (IVMR) holds beyond a jurisdiction segment: the trip it belongs to (a
 * trip number shared by its segments), the driver, and where the trip started and ended (city and jurisdiction).
 * Every column is optional, so records kept as bare segments stay valid; a segment without a trip number is a trip
 * of its own. The index serves the trip sheets of a quarter, which group an account's segments by trip number.
 */
export class TripSheets1764815000000 implements MigrationInterface {
  name = 'TripSheets1764815000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE trips
      ADD COLUMN trip_number varchar(50),
      ADD COLUMN driver varchar(100),
      ADD COLUMN origin_city varchar(100),
      ADD COLUMN origin_jurisdiction varchar(10),
      ADD COLUMN destination_city varchar(100),
      ADD COLUMN destination_jurisdiction varchar(10)`);
    await db.query('CREATE INDEX trips_user_trip_number ON trips (user_id, trip_number) WHERE trip_number IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX trips_user_trip_number');
    await db.query(`ALTER TABLE trips DROP COLUMN trip_number, DROP COLUMN driver, DROP COLUMN origin_city,
      DROP COLUMN origin_jurisdiction, DROP COLUMN destination_city, DROP COLUMN destination_jurisdiction`);
  }
}
