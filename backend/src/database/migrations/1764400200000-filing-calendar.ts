import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dueDateOf } from '../../ifta/filing-calendar.js';

/**
 * The filing calendar: each report's due date, filing day, late penalty and interest; the annual
 * interest rates by year; and the reminders already sent, one row per account, period and lead time, so a reminder
 * goes out once however many replicas run the job. Rates are docs/ifta-domain.md's table; a year it lacks stays absent.
 */
export class FilingCalendar1764400200000 implements MigrationInterface {
  name = 'FilingCalendar1764400200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports
      ADD COLUMN due_date date NULL,
      ADD COLUMN filed_at date NULL,
      ADD COLUMN penalty numeric(14,2) NULL,
      ADD COLUMN interest numeric(14,2) NULL,
      ADD COLUMN interest_rate_missing boolean NOT NULL DEFAULT false`);
    const periods = (await db.query(`SELECT DISTINCT tax_period FROM reports`)) as Array<{ tax_period: string }>;
    for (const { tax_period } of periods) {
      const due = dueDateOf(tax_period);
      if (due) await db.query(`UPDATE reports SET due_date = $1 WHERE tax_period = $2`, [due, tax_period]);
    }
    await db.query(`CREATE INDEX reports_user_due_date ON reports (user_id, due_date) INCLUDE (status, filed_at)`);
    await db.query(`CREATE TABLE interest_rates (
      year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2099),
      annual_rate numeric(6,4) NOT NULL CHECK (annual_rate >= 0 AND annual_rate < 1)
    )`);
    await db.query(`INSERT INTO interest_rates (year, annual_rate) VALUES
      (2017, 0.06), (2018, 0.06), (2019, 0.07), (2020, 0.07), (2021, 0.05), (2022, 0.05),
      (2023, 0.08), (2024, 0.10), (2025, 0.09)`);
    await db.query(`CREATE TABLE sent_reminders (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      period varchar(20) NOT NULL,
      days_before integer NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, period, days_before)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sent_reminders`);
    await db.query(`DROP TABLE interest_rates`);
    await db.query(`DROP INDEX reports_user_due_date`);
    await db.query(`ALTER TABLE reports DROP COLUMN interest_rate_missing, DROP COLUMN interest,
      DROP COLUMN penalty, DROP COLUMN filed_at, DROP COLUMN due_date`);
  }
}
