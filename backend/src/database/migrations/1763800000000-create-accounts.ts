import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763800000000 implements MigrationInterface {
  name = 'CreateAccounts1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash varchar(100) NOT NULL,
        company_name varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Emails are stored trimmed and lower-cased; the unique index on lower() also guards rows written by hand.
    await db.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);
    await db.query(`
      CREATE TABLE user_settings (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        default_mpg numeric(5,2) NOT NULL DEFAULT 7.5,
        preferred_currency varchar(3) NOT NULL DEFAULT 'USD',
        date_format varchar(10) NOT NULL DEFAULT 'MM/DD/YYYY',
        timezone varchar(64) NOT NULL DEFAULT 'America/New_York',
        language varchar(2) NOT NULL DEFAULT 'en',
        email_notifications boolean NOT NULL DEFAULT true,
        report_reminders boolean NOT NULL DEFAULT true,
        company_address varchar(500) NOT NULL DEFAULT '',
        company_phone varchar(50) NOT NULL DEFAULT '',
        ifta_license_number varchar(50) NOT NULL DEFAULT '',
        default_tax_period_type varchar(10) NOT NULL DEFAULT 'quarterly',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE user_settings');
    await db.query('DROP TABLE users');
  }
}
