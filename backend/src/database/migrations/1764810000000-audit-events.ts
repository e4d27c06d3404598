import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail: who (the member, by id and e-mail as they were then) did what to which of a company's things,
 * with the before/after of the fields that changed. Rows are facts: the database refuses UPDATE and DELETE of
 * them, so no code path (nor a mistaken query) can rewrite history. They outlive the member who acted, so the
 * actor is kept as plain values, not a reference.
 */
export class AuditEvents1764810000000 implements MigrationInterface {
  name = 'AuditEvents1764810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE audit_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      actor_user_id uuid,
      actor_email varchar(254),
      action varchar(40) NOT NULL,
      entity varchar(20) NOT NULL
        CHECK (entity IN ('report', 'records', 'tax_rate', 'settings', 'member', 'billing')),
      entity_id varchar(100),
      summary varchar(500) NOT NULL,
      changes jsonb,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
    await db.query('CREATE INDEX audit_events_page ON audit_events (company_id, created_at DESC, id DESC)');
    await db.query('CREATE INDEX audit_events_entity ON audit_events (company_id, entity, entity_id)');
    await db.query(`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await db.query(`CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
    await db.query(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
      FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE audit_events');
    await db.query('DROP FUNCTION audit_events_append_only()');
  }
}
