import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditActor } from './audit-context.js';
import type { AuditCursor } from './audit-cursor.js';
import type { AuditEventInput, AuditEventRow, AuditFilter, AuditSignature } from './audit-types.js';

const AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The audit_events table: rows are only ever inserted (the database refuses anything else). */
@Injectable()
export class AuditEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(manager: EntityManager | undefined, event: AuditEventInput, actor: AuditActor | null): Promise<void> {
    await (manager ?? this.db.manager).query(
      `INSERT INTO audit_events
         (company_id, actor_user_id, actor_email, actor_description, action, entity, entity_id, summary, changes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        event.companyId,
        actor?.userId ?? null,
        actor?.email ?? null,
        actor?.kind === 'system' ? actor.description.slice(0, 200) : null,
        event.action,
        event.entity,
        event.entityId ?? null,
        event.summary.slice(0, 500),
        event.changes ? JSON.stringify(event.changes) : null,
      ],
    );
  }

  /** One page, newest first, after `cursor`; one row more than `limit` tells there is a next page. */
  async page(
    companyId: string,
    filter: AuditFilter,
    limit: number,
    cursor: AuditCursor | null,
  ): Promise<AuditEventRow[]> {
    const where = ['company_id = $1'];
    const values: unknown[] = [companyId];
    const add = (sql: string, value: unknown) => {
      values.push(value);
      where.push(sql.replace('?', `$${values.length}`));
    };
    if (filter.entity) add('entity = ?', filter.entity);
    if (filter.entityId) add('entity_id = ?', filter.entityId);
    if (filter.actorEmail) add('lower(actor_email) = lower(?)', filter.actorEmail);
    if (filter.actorUserId) add('actor_user_id = ?', filter.actorUserId);
    if (filter.actorSystem) where.push('actor_user_id IS NULL');
    if (filter.action) add('action = ?', filter.action);
    if (filter.from) add(`created_at >= (?::date)::timestamp AT TIME ZONE 'UTC'`, filter.from);
    if (filter.to) add(`created_at < (?::date + 1)::timestamp AT TIME ZONE 'UTC'`, filter.to);
    if (cursor) {
      values.push(cursor.at, cursor.id);
      where.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
    }
    values.push(limit + 1);
    return this.db.query(
      `SELECT id, actor_user_id, actor_email,
              CASE WHEN actor_user_id IS NULL THEN 'system' ELSE 'person' END AS actor_kind, actor_description,
              action, entity, entity_id, summary, changes, ${AT} AS created_at
         FROM audit_events WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
      values,
    );
  }

  /** Who first saved the report, and who last made it final (with when), for its detail and its PDF. */
  async reportAuthors(
    companyId: string,
    reportId: string,
  ): Promise<{ prepared_by: AuditSignature | null; finalised_by: AuditSignature | null }> {
    const rows: Array<{ action: string; email: string | null; at: string }> = await this.db.query(
      `(SELECT 'create' AS action, actor_email AS email, ${AT} AS at FROM audit_events
         WHERE company_id = $1 AND entity = 'report' AND entity_id = $2 AND action = 'create'
         ORDER BY created_at, id LIMIT 1)
       UNION ALL
       (SELECT 'finalise', actor_email, ${AT} FROM audit_events
         WHERE company_id = $1 AND entity = 'report' AND entity_id = $2 AND action = 'finalise'
         ORDER BY created_at DESC, id DESC LIMIT 1)`,
      [companyId, reportId],
    );
    const signature = (action: string): AuditSignature | null => {
      const row = rows.find((candidate) => candidate.action === action);
      return row ? { email: row.email, at: row.at } : null;
    };
    return { prepared_by: signature('create'), finalised_by: signature('finalise') };
  }
}
