import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `report_usage` is the append-only meter of the monthly report cap: one row per report per calendar
 * month in which it was created or rewritten, with no foreign key to `reports`, so deleting a report frees nothing.
 * `auth_sessions` makes a sign-in revocable (logout, password change, reset, a deleted account);
 * `password_reset_tokens` keeps only a SHA-256 of each single-use reset link. `subscriptions.idempotency_fingerprint`
 * is a SHA-256 of the request an Idempotency-Key was first used with, so a reuse with another body is refused;
 * `subscriptions.pending_plan_id` is a downgrade that takes effect at the period end.
 */
export class RevocableSessionsAndUsage1764411000000 implements MigrationInterface {
  name = 'RevocableSessionsAndUsage1764411000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE report_usage (
         user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         month date NOT NULL,
         report_id uuid NOT NULL,
         recorded_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (user_id, month, report_id)
       )`,
    );
    // Reports made before the meter existed still count in the month they were created.
    await db.query(
      `INSERT INTO report_usage (user_id, month, report_id, recorded_at)
       SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, id, created_at FROM reports`,
    );
    await db.query(
      `CREATE TABLE auth_sessions (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         created_at timestamptz NOT NULL DEFAULT now(),
         revoked_at timestamptz
       )`,
    );
    await db.query(`CREATE INDEX auth_sessions_user ON auth_sessions (user_id) WHERE revoked_at IS NULL`);
    await db.query(
      `CREATE TABLE password_reset_tokens (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         token_hash char(64) NOT NULL UNIQUE,
         expires_at timestamptz NOT NULL,
         used_at timestamptz,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await db.query(`ALTER TABLE subscriptions ADD COLUMN idempotency_fingerprint char(64)`);
    await db.query(`ALTER TABLE subscriptions ADD COLUMN pending_plan_id varchar(40) REFERENCES plans (id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE subscriptions DROP COLUMN pending_plan_id`);
    await db.query(`ALTER TABLE subscriptions DROP COLUMN idempotency_fingerprint`);
    await db.query(`DROP TABLE password_reset_tokens`);
    await db.query(`DROP TABLE auth_sessions`);
    await db.query(`DROP TABLE report_usage`);
  }
}
