import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The records a return is built from: trips (date, unit, jurisdiction, miles, taxable or why not) and
 * fuel purchases (date, unit, jurisdiction, quantity in gallons or litres, fuel type, tax paid, vendor, receipt),
 * each linked to the report built from it; the column mapping remembered per file layout; and which report was
 * last built for a quarter and fuel type.
 */
export class TripAndFuelRecords1764500100000 implements MigrationInterface {
  name = 'TripAndFuelRecords1764500100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE trips (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      date date NOT NULL,
      unit varchar(50) NOT NULL,
      jurisdiction varchar(10) NOT NULL,
      miles numeric(14,3) NOT NULL CHECK (miles >= 0),
      taxable boolean NOT NULL DEFAULT true,
      non_taxable_reason varchar(20),
      report_id uuid REFERENCES reports(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await db.query(`CREATE INDEX trips_user_date ON trips (user_id, date, id)`);
    await db.query(`CREATE INDEX trips_user_duplicate ON trips (user_id, unit, date, jurisdiction, miles)`);
    await db.query(`CREATE INDEX trips_report ON trips (report_id) WHERE report_id IS NOT NULL`);
    await db.query(`CREATE TABLE fuel_purchases (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      date date NOT NULL,
      unit varchar(50) NOT NULL,
      jurisdiction varchar(10) NOT NULL,
      quantity numeric(14,3) NOT NULL CHECK (quantity >= 0),
      quantity_unit varchar(3) NOT NULL,
      gallons numeric(14,3) NOT NULL,
      fuel_type varchar(30) NOT NULL,
      tax_paid boolean NOT NULL DEFAULT true,
      vendor varchar(100) NOT NULL DEFAULT '',
      receipt_number varchar(50) NOT NULL DEFAULT '',
      report_id uuid REFERENCES reports(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await db.query(`CREATE INDEX fuel_purchases_user_date ON fuel_purchases (user_id, date, id)`);
    await db.query(
      `CREATE INDEX fuel_purchases_user_duplicate ON fuel_purchases (user_id, unit, date, jurisdiction, quantity)`,
    );
    await db.query(
      `CREATE INDEX fuel_purchases_user_receipt ON fuel_purchases (user_id, receipt_number) WHERE receipt_number <> ''`,
    );
    await db.query(`CREATE INDEX fuel_purchases_report ON fuel_purchases (report_id) WHERE report_id IS NOT NULL`);
    await db.query(`CREATE TABLE record_import_mappings (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind varchar(20) NOT NULL,
      layout varchar(64) NOT NULL,
      mapping jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind, layout))`);
    // The draft (or final) report last built from the records of a quarter and fuel type.
    await db.query(`CREATE TABLE built_returns (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      period varchar(20) NOT NULL,
      fuel_type varchar(30) NOT NULL,
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      built_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, period, fuel_type))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE built_returns');
    await db.query('DROP TABLE record_import_mappings');
    await db.query('DROP TABLE fuel_purchases');
    await db.query('DROP TABLE trips');
  }
}
