import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A password-reset request is written here before it is answered, and deleted in the transaction that stores its
 * token and enqueues its e-mail (or finds no account, or a link sent too recently). An acknowledged request whose
 * work failed (a connection lost midway, a replica stopped) is still here, and is carried out again until that
 * transaction commits. Rows live for moments; the index serves the look for the ones left behind, oldest first.
 */
export class PasswordResetRequests1765640000100 implements MigrationInterface {
  name = 'PasswordResetRequests1765640000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE password_reset_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query('CREATE INDEX password_reset_requests_waiting ON password_reset_requests (requested_at, id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE password_reset_requests');
  }
}
