import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * IFTA's rate matrix stored once per quarter and version for every account (official_rate_matrices and its
 * official_rates), and the updater's runs (rate_matrix_runs). The 2Q2026 matrix every account was seeded with is
 * written by the app at start-up from the data it ships (OfficialMatrixSeeder), not here: a migration holds no
 * feature data. Each account's tax_rates keep their rows: those it changed (changed_by_account) are its overrides.
 */
export class OfficialRateMatrices1764720000000 implements MigrationInterface {
  name = 'OfficialRateMatrices1764720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE official_rate_matrices (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        quarter varchar(7) NOT NULL,
        version integer NOT NULL,
        status varchar(12) NOT NULL,
        source_kind varchar(8) NOT NULL,
        source varchar(500) NOT NULL,
        checksum char(64) NOT NULL,
        rate_count integer NOT NULL,
        footnotes jsonb NOT NULL DEFAULT '{}'::jsonb,
        published_by varchar(254) NOT NULL,
        fetched_at timestamptz NOT NULL,
        applied_at timestamptz,
        CONSTRAINT official_rate_matrices_pkey PRIMARY KEY (id),
        CONSTRAINT official_rate_matrices_status_allowed CHECK (status IN ('published', 'superseded')),
        CONSTRAINT official_rate_matrices_source_kind_allowed CHECK (source_kind IN ('seed', 'url', 'file'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX official_rate_matrices_quarter_version ON official_rate_matrices (quarter, version)`,
    );
    await db.query(
      `CREATE UNIQUE INDEX official_rate_matrices_quarter_checksum ON official_rate_matrices (quarter, checksum)`,
    );
    await db.query(`
      CREATE TABLE official_rates (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        matrix_id uuid NOT NULL,
        abbreviation varchar(10) NOT NULL,
        name varchar(100) NOT NULL,
        country varchar(6) NOT NULL,
        fuel_type varchar(20) NOT NULL,
        kind varchar(10) NOT NULL,
        rate numeric(10,4) NOT NULL,
        rate_cad_per_litre numeric(10,4),
        effective_date date NOT NULL,
        CONSTRAINT official_rates_pkey PRIMARY KEY (id),
        CONSTRAINT official_rates_matrix_id_fkey FOREIGN KEY (matrix_id) REFERENCES official_rate_matrices (id)
          ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX official_rates_matrix ON official_rates (matrix_id)`);
    await db.query(`
      CREATE TABLE rate_matrix_runs (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        quarter varchar(7) NOT NULL,
        source varchar(500) NOT NULL,
        outcome varchar(12) NOT NULL,
        message varchar(2000) NOT NULL DEFAULT '',
        matrix_id uuid,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL,
        CONSTRAINT rate_matrix_runs_pkey PRIMARY KEY (id)
      )`);
    await db.query(`CREATE INDEX rate_matrix_runs_started_at ON rate_matrix_runs (started_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rate_matrix_runs`);
    await db.query(`DROP TABLE official_rates`);
    await db.query(`DROP TABLE official_rate_matrices`);
  }
}
