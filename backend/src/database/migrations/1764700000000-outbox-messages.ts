import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail outbox: every e-mail the app sends is first a row here, written in the transaction of the fact it
 * reports, then delivered by one sender across replicas. `idempotency_key` is unique, so a fact enqueued twice is
 * one e-mail, and it travels with the message (X-Idempotency-Key, Message-ID) so a second delivery after a crash
 * shows at the receiving end. Due messages are read through the partial index, oldest due first.
 */
export class OutboxMessages1764700000000 implements MigrationInterface {
  name = 'OutboxMessages1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE outbox_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      idempotency_key text NOT NULL UNIQUE,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text NULL,
      sent_at timestamptz NULL,
      provider_answer text NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query(
      `CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at, id) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE outbox_messages`);
  }
}
