import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts made platform operators by `npm run operator:add` (OPERATOR_EMAILS adds more from the environment). */
export class PlatformOperators1764720000100 implements MigrationInterface {
  name = 'PlatformOperators1764720000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE platform_operators (
        email varchar(254) NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT platform_operators_pkey PRIMARY KEY (email)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE platform_operators`);
  }
}
