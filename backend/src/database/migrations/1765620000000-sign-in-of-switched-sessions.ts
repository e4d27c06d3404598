import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A company switch opens a session for the company switched to and leaves the one that asked live, since another tab
 * of the same browser may still act with it. `sign_in_id` ties such sessions to the sign-in they came from (null:
 * the session is a sign-in of its own), so signing out ends all of them at once, as it ended the one live token a
 * browser held before.
 */
export class SignInOfSwitchedSessions1765620000000 implements MigrationInterface {
  name = 'SignInOfSwitchedSessions1765620000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE auth_sessions ADD COLUMN sign_in_id uuid');
    await db.query('CREATE INDEX auth_sessions_sign_in ON auth_sessions (sign_in_id) WHERE revoked_at IS NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX auth_sessions_sign_in');
    await db.query('ALTER TABLE auth_sessions DROP COLUMN sign_in_id');
  }
}
