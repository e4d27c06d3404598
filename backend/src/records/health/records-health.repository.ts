import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { HealthFuel, HealthTrip } from './records-health-checks.js';

export interface SettingsRow {
  mpg_min: string;
  mpg_max: string;
  no_fuel_miles: string;
}

export interface AcknowledgementRow {
  check: string;
  key: string;
  note: string;
  acknowledged_by: string;
  acknowledged_at: Date;
}

/** The SQL of the records-health checks: the records they read, the account's settings and acknowledgements. */
@Injectable()
export class RecordsHealthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Trips between two days, numbers as exact text. ORDER BY names the table's date, as below: a bare `date` would be
   * the to_char text of the select list, sorted rather than read in the index's order.
   */
  trips(userId: string, from: string, to: string): Promise<HealthTrip[]> {
    return this.db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, unit, jurisdiction, miles::text AS miles,
              odometer_start::text AS odometer_start, odometer_end::text AS odometer_end
         FROM trips WHERE user_id = $1 AND date BETWEEN $2 AND $3 ORDER BY trips.date, trips.id`,
      [userId, from, to],
    );
  }

  fuel(userId: string, from: string, to: string): Promise<HealthFuel[]> {
    return this.db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, unit, jurisdiction, gallons::text AS gallons, fuel_type,
              tax_paid, vendor, vendor_address, total_price::text AS total_price
         FROM fuel_purchases WHERE user_id = $1 AND date BETWEEN $2 AND $3 ORDER BY fuel_purchases.date, fuel_purchases.id`,
      [userId, from, to],
    );
  }

  async settings(userId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.db.query(
      `SELECT mpg_min::text AS mpg_min, mpg_max::text AS mpg_max, no_fuel_miles::text AS no_fuel_miles
         FROM record_health_settings WHERE user_id = $1`,
      [userId],
    );
    return row;
  }

  async saveSettings(userId: string, settings: SettingsRow): Promise<void> {
    await this.db.query(
      `INSERT INTO record_health_settings (user_id, mpg_min, mpg_max, no_fuel_miles) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET mpg_min = EXCLUDED.mpg_min, mpg_max = EXCLUDED.mpg_max,
         no_fuel_miles = EXCLUDED.no_fuel_miles, updated_at = now()`,
      [userId, settings.mpg_min, settings.mpg_max, settings.no_fuel_miles],
    );
  }

  /** The account's acknowledgements of the findings named by check and key, pairwise. */
  acknowledgements(userId: string, checks: string[], keys: string[]): Promise<AcknowledgementRow[]> {
    return this.db.query(
      `SELECT a."check", a.key, a.note, a.acknowledged_by, a.acknowledged_at
         FROM record_health_acknowledgements a
         JOIN unnest($2::text[], $3::text[]) AS f("check", key) ON f."check" = a."check" AND f.key = a.key
        WHERE a.user_id = $1`,
      [userId, checks, keys],
    );
  }

  /** Keeps (or replaces) the account's acknowledgement of one finding. */
  async acknowledge(
    userId: string,
    ack: { check: string; key: string; note: string; acknowledgedBy: string },
  ): Promise<AcknowledgementRow> {
    const [row] = await this.db.query(
      `INSERT INTO record_health_acknowledgements (user_id, "check", key, note, acknowledged_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, "check", key) DO UPDATE SET note = EXCLUDED.note,
         acknowledged_by = EXCLUDED.acknowledged_by, acknowledged_at = now()
       RETURNING "check", key, note, acknowledged_by, acknowledged_at`,
      [userId, ack.check, ack.key, ack.note, ack.acknowledgedBy],
    );
    return row;
  }
}
