import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Preparers who file for several carriers: a client company is an ordinary company (its own `users` row, settings,
 * rates and calendar) that a preparer's company made and manages. This table names the preparer's company and who
 * pays: `client` (the client company's own subscription) or `preparer` (the preparer's subscription opens it, and
 * the client takes one of the preparer plan's seats). The client's contact address is kept here rather than as the
 * company row's e-mail, so no sign-in or password reset is ever possible for the client company's row itself.
 */
export class ClientCompanies1765200000000 implements MigrationInterface {
  name = 'ClientCompanies1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE client_companies (
      company_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      managed_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      billing varchar(10) NOT NULL CHECK (billing IN ('client', 'preparer')),
      contact_email varchar(254),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT client_companies_not_self CHECK (company_id <> managed_by))`);
    await db.query('CREATE INDEX client_companies_managed_by ON client_companies (managed_by, created_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE client_companies');
  }
}
