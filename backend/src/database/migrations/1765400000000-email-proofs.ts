import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proven addresses: `users.email_proven_at` is when the account showed it reads its mailbox (it followed a link sent
 * there, reset its password through one, or joined by an invitation mailed there); null until then. Rights that reach
 * other people (the operator console) need it. `email_proofs` keeps only a SHA-256 of each single-use proof link.
 * Accounts that exist already start unproven: nothing before this migration showed who held their mailbox.
 */
export class EmailProofs1765400000000 implements MigrationInterface {
  name = 'EmailProofs1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN email_proven_at timestamptz');
    await db.query(`CREATE TABLE email_proofs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await db.query('CREATE INDEX email_proofs_user ON email_proofs (user_id, created_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE email_proofs');
    await db.query('ALTER TABLE users DROP COLUMN email_proven_at');
  }
}
