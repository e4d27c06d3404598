import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a company's own mail goes (filing reminders, invoices, billing notices) when that is not its sign-in address:
 * a preparer's client company has a placeholder sign-in address no mailbox has, so its mail goes to the client's
 * contact address, or to the person who added it. Null for every other account: their mail goes to `email` as before.
 */
export class CompanyMailAddress1765200000100 implements MigrationInterface {
  name = 'CompanyMailAddress1765200000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN mail_to varchar(254)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN mail_to');
  }
}
