import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each try of an outbox message is a claim of its own: `claim_token` names the try, `claimed_until` is how long
 * the message stays with it (longer than a delivery may take, renewed while it runs). A sender takes a message only
 * when no claim on it is live, and records a try's outcome only under that try's token, so a sender that lost the
 * job lock mid-delivery neither shares the message with the next sender nor overwrites what that one recorded.
 */
export class OutboxClaims1765640000000 implements MigrationInterface {
  name = 'OutboxClaims1765640000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE outbox_messages ADD COLUMN claim_token uuid NULL, ADD COLUMN claimed_until timestamptz NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE outbox_messages DROP COLUMN claim_token, DROP COLUMN claimed_until');
  }
}
