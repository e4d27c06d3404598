import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A notice per final return whose figures change with a newly published rate matrix (it was filed with provisional
 * or since-corrected rates): the difference, and the amended return filed from it, if any.
 */
export class ReportRateNotices1764720000200 implements MigrationInterface {
  name = 'ReportRateNotices1764720000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE report_rate_notices (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
        quarter varchar(7) NOT NULL,
        matrix_version integer NOT NULL,
        previous_tax_due numeric(17,2) NOT NULL,
        new_tax_due numeric(17,2) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        amendment_id uuid,
        CONSTRAINT report_rate_notices_pkey PRIMARY KEY (id),
        CONSTRAINT report_rate_notices_once UNIQUE (report_id, quarter, matrix_version)
      )`);
    await db.query(`CREATE INDEX report_rate_notices_user ON report_rate_notices (user_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE report_rate_notices`);
  }
}
