import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A unit's miles and gallons in one jurisdiction over a quarter: exact numeric sums, as text. */
export interface UnitJurisdictionSums {
  unit: string;
  jurisdiction: string;
  miles: string;
  taxable_miles: string;
  gallons: string;
}

/** A trip segment as a trip sheet reads it (numbers as exact text, the date as 'YYYY-MM-DD'). */
export interface SegmentRow {
  id: string;
  date: string;
  unit: string;
  jurisdiction: string;
  miles: string;
  taxable: boolean;
  odometer_start: string | null;
  odometer_end: string | null;
  trip_number: string | null;
  driver: string | null;
  origin_city: string | null;
  origin_jurisdiction: string | null;
  destination_city: string | null;
  destination_jurisdiction: string | null;
}

/** The SQL of the per-vehicle reports and the trip sheets, over the records' own tables. */
@Injectable()
export class VehicleReportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Per unit and jurisdiction: the quarter's miles (all, taxable) and gallons (every fuel); `unit` narrows to one. */
  unitJurisdictionSums(userId: string, from: string, to: string, unit?: string): Promise<UnitJurisdictionSums[]> {
    return this.db.query(
      `WITH m AS (SELECT unit, jurisdiction, sum(miles) AS miles, sum(miles) FILTER (WHERE taxable) AS taxable
                    FROM trips WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
                   GROUP BY unit, jurisdiction),
            g AS (SELECT unit, jurisdiction, sum(gallons) AS gallons
                    FROM fuel_purchases WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
                   GROUP BY unit, jurisdiction)
       SELECT coalesce(m.unit, g.unit) AS unit, coalesce(m.jurisdiction, g.jurisdiction) AS jurisdiction,
              coalesce(m.miles, 0)::text AS miles, coalesce(m.taxable, 0)::text AS taxable_miles,
              coalesce(g.gallons, 0)::text AS gallons
         FROM m FULL JOIN g ON g.unit = m.unit AND g.jurisdiction = m.jurisdiction
        ORDER BY 1, 2`,
      [userId, from, to, unit ?? null],
    );
  }

  /**
   * Per unit and jurisdiction, and per unit (jurisdiction null): how many trips of the quarter ran there, a trip
   * being the segments sharing a trip number, or a segment kept without one (as the trip sheets group them).
   */
  unitJurisdictionTrips(
    userId: string,
    from: string,
    to: string,
    unit?: string,
  ): Promise<Array<{ unit: string; jurisdiction: string | null; trips: string }>> {
    return this.db.query(
      `SELECT unit, jurisdiction, count(DISTINCT coalesce('#' || trip_number, id::text))::text AS trips
         FROM trips WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
        GROUP BY GROUPING SETS ((unit, jurisdiction), (unit))`,
      [userId, from, to, unit ?? null],
    );
  }

  /** Per unit and fuel type: the quarter's gallons, what a unit without a vehicle's fuel type is read from. */
  unitFuelGallons(
    userId: string,
    from: string,
    to: string,
  ): Promise<Array<{ unit: string; fuel_type: string; gallons: string }>> {
    return this.db.query(
      `SELECT unit, fuel_type, sum(gallons)::text AS gallons FROM fuel_purchases
        WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY unit, fuel_type ORDER BY 1, 2`,
      [userId, from, to],
    );
  }

  /**
   * The segments of the trips a quarter holds: those dated in it, and every segment of a trip (a trip number) one
   * of them belongs to, so a trip that crosses the quarter's edge is listed whole. In trip order.
   */
  segments(userId: string, from: string, to: string, unit?: string): Promise<SegmentRow[]> {
    return this.db.query(
      `SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.unit, t.jurisdiction, t.miles::text AS miles, t.taxable,
              t.odometer_start::text AS odometer_start, t.odometer_end::text AS odometer_end, t.trip_number,
              t.driver, t.origin_city, t.origin_jurisdiction, t.destination_city, t.destination_jurisdiction
         FROM trips t
        WHERE t.user_id = $1 AND ($4::text IS NULL OR t.unit = $4)
          AND (t.date BETWEEN $2 AND $3
               OR t.trip_number IN (SELECT trip_number FROM trips
                                     WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND trip_number IS NOT NULL))
        ORDER BY t.date, t.odometer_start NULLS LAST, t.created_at, t.id`,
      [userId, from, to, unit ?? null],
    );
  }
}
