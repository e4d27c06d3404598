import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCalculationSessions1764000100000 implements MigrationInterface {
  name = 'CreateCalculationSessions1764000100000';

  async up(db: QueryRunner): Promise<void> {
    // The server-side calculator workspace: imported entries are kept as a JSON array, appended atomically.
    await db.query(`
      CREATE TABLE calculation_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL DEFAULT '',
        company_name varchar(200) NOT NULL DEFAULT '',
        license_number varchar(50) NOT NULL DEFAULT '',
        tax_period varchar(20) NOT NULL DEFAULT '',
        average_mpg numeric(8,2) NOT NULL DEFAULT 0,
        status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'completed')),
        entries jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(entries) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX calculation_sessions_user_created ON calculation_sessions (user_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE calculation_sessions');
  }
}
