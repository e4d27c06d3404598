import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams: a company is today's account (its `users` row, whose id every data table's `user_id` already names), so no
 * data table changes. `company_members` says who may act for a company and with which role; every existing account
 * becomes its own company with itself as owner. `member_invitations` keeps only a SHA-256 of each invitation's token.
 * A sign-in session now names the company it was opened for beside the person (`user_id`), so removing a member
 * can end exactly their sessions of that company.
 */
export class CompanyMembers1764770000000 implements MigrationInterface {
  name = 'CompanyMembers1764770000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE company_members (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role varchar(20) NOT NULL CHECK (role IN ('owner', 'admin', 'bookkeeper', 'viewer')),
      name varchar(200),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT company_members_once UNIQUE (company_id, user_id))`);
    await db.query('CREATE INDEX company_members_user ON company_members (user_id, created_at)');
    await db.query(
      `INSERT INTO company_members (company_id, user_id, role, created_at) SELECT id, id, 'owner', created_at FROM users`,
    );
    await db.query(`CREATE TABLE member_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email varchar(254) NOT NULL,
      role varchar(20) NOT NULL CHECK (role IN ('owner', 'admin', 'bookkeeper', 'viewer')),
      token_hash char(64) NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      revoked_at timestamptz,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await db.query('CREATE INDEX member_invitations_company ON member_invitations (company_id, created_at)');
    await db.query('ALTER TABLE auth_sessions ADD COLUMN company_id uuid REFERENCES users(id) ON DELETE CASCADE');
    await db.query('UPDATE auth_sessions SET company_id = user_id');
    await db.query('ALTER TABLE auth_sessions ALTER COLUMN company_id SET NOT NULL');
    await db.query('CREATE INDEX auth_sessions_member ON auth_sessions (user_id, company_id) WHERE revoked_at IS NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX auth_sessions_member');
    await db.query('ALTER TABLE auth_sessions DROP COLUMN company_id');
    await db.query('DROP TABLE member_invitations');
    await db.query('DROP TABLE company_members');
  }
}
