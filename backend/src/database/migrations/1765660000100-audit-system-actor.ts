import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the system was doing when it acted on its own ("IFTA Q3-2026 matrix v2 applied"): such an event has no
 * person (no actor id or e-mail), and this says why it happened, so the trail never blames whoever set it off.
 * Adding a column rewrites no row, so the append-only triggers stay as they are.
 */
export class AuditSystemActor1765660000100 implements MigrationInterface {
  name = 'AuditSystemActor1765660000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE audit_events ADD COLUMN actor_description varchar(200)');
    await db.query('CREATE INDEX audit_events_action ON audit_events (company_id, action, created_at DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX audit_events_action');
    await db.query('ALTER TABLE audit_events DROP COLUMN actor_description');
  }
}
