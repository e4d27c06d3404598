import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTaxRates1763900000000 implements MigrationInterface {
  name = 'CreateTaxRates1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tax_rates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        abbreviation varchar(10) NOT NULL,
        rate numeric(10,4) NOT NULL CONSTRAINT tax_rates_rate_not_negative CHECK (rate >= 0),
        country varchar(6) NOT NULL CONSTRAINT tax_rates_country_allowed CHECK (country IN ('USA', 'Canada')),
        is_active boolean NOT NULL DEFAULT true,
        effective_date date NOT NULL DEFAULT CURRENT_DATE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // An account holds at most one active rate per jurisdiction; inactive history rows may repeat an abbreviation.
    await db.query(`
      CREATE UNIQUE INDEX tax_rates_one_active_per_abbreviation
        ON tax_rates (user_id, upper(abbreviation)) WHERE is_active`);
    // The list screen sorts by name, rate, effective date or created date within one account (name is compared case-insensitively).
    await db.query(`CREATE INDEX tax_rates_user_name ON tax_rates (user_id, lower(name))`);
    await db.query(`CREATE INDEX tax_rates_user_rate ON tax_rates (user_id, rate)`);
    await db.query(`CREATE INDEX tax_rates_user_effective_date ON tax_rates (user_id, effective_date)`);
    await db.query(`CREATE INDEX tax_rates_user_created_at ON tax_rates (user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE tax_rates');
  }
}
