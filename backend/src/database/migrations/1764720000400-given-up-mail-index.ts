import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The operator console lists the e-mails the sender gave up on, newest first: a small partial index serves it. */
export class GivenUpMailIndex1764720000400 implements MigrationInterface {
  name = 'GivenUpMailIndex1764720000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX outbox_messages_given_up ON outbox_messages (created_at DESC, id) WHERE status = 'failed'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX outbox_messages_given_up`);
  }
}
