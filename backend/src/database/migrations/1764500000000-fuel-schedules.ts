import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One official schedule per fuel type: a report keeps each fuel's fleet MPG, MPG source and totals as a
 * snapshot (`schedules`, JSON, because a schedule is only ever read whole with its report), and each line says
 * whether its rate came from the account's rate table for the quarter or was typed (`rate_source`, null for
 * worksheet lines). Official reports saved before this were single-fuel (diesel): their one schedule is rebuilt
 * from the report's own totals, so they read as they were saved.
 */
export class FuelSchedules1764500000000 implements MigrationInterface {
  name = 'FuelSchedules1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await db.query(`ALTER TABLE report_jurisdictions ADD COLUMN rate_source varchar(8)`);
    await db.query(`UPDATE report_jurisdictions j SET rate_source = 'typed' FROM reports r
      WHERE r.id = j.report_id AND r.calculation_mode = 'official'`);
    await db.query(`UPDATE reports SET schedules = jsonb_build_array(jsonb_build_object(
        'fuel_type', 'diesel', 'fleet_mpg', coalesce(fleet_mpg, 0), 'mpg', average_mpg, 'mpg_source', mpg_source,
        'total_miles', total_miles, 'total_gallons', gallons_purchased + non_tax_paid_gallons,
        'taxable_miles', taxable_miles, 'taxable_gallons', gallons_consumed, 'tax_paid_gallons', gallons_purchased,
        'non_tax_paid_gallons', non_tax_paid_gallons, 'net_taxable_gallons', net_gallons,
        'tax_due', tax_due - surcharge_due, 'surcharge_due', surcharge_due, 'total_due', tax_due))
      WHERE calculation_mode = 'official'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE report_jurisdictions DROP COLUMN rate_source`);
    await db.query(`ALTER TABLE reports DROP COLUMN schedules`);
  }
}
