import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateReports1764000000000 implements MigrationInterface {
  name = 'CreateReports1764000000000';

  async up(db: QueryRunner): Promise<void> {
    // Totals are stored (recomputed by the server on every save) so lists and the dashboard need no aggregation.
    // They are wider than a row's columns: up to 200 rows are summed.
    await db.query(`
      CREATE TABLE reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        company_name varchar(200) NOT NULL,
        license_number varchar(50) NOT NULL DEFAULT '',
        tax_period varchar(20) NOT NULL DEFAULT '',
        period varchar(20) NOT NULL DEFAULT '',
        average_mpg numeric(8,2) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'final')),
        total_miles numeric(17,3) NOT NULL DEFAULT 0,
        taxable_miles numeric(17,3) NOT NULL DEFAULT 0,
        gallons_purchased numeric(17,3) NOT NULL DEFAULT 0,
        gallons_consumed numeric(17,3) NOT NULL DEFAULT 0,
        net_gallons numeric(17,3) NOT NULL DEFAULT 0,
        tax_due numeric(17,2) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX reports_user_created ON reports (user_id, created_at DESC)`);
    await db.query(`
      CREATE TABLE report_jurisdictions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        position integer NOT NULL,
        name varchar(100) NOT NULL,
        total_miles numeric(14,3) NOT NULL DEFAULT 0,
        taxable_miles numeric(14,3) NOT NULL DEFAULT 0,
        gallons_purchased numeric(14,3) NOT NULL DEFAULT 0,
        tax_rate numeric(10,4) NOT NULL DEFAULT 0,
        gallons_consumed numeric(14,3) NOT NULL DEFAULT 0,
        net_gallons numeric(14,3) NOT NULL DEFAULT 0,
        tax_due numeric(14,2) NOT NULL DEFAULT 0,
        UNIQUE (report_id, position)
      )`);
    await db.query(`CREATE INDEX report_jurisdictions_user_report ON report_jurisdictions (user_id, report_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE report_jurisdictions');
    await db.query('DROP TABLE reports');
  }
}
