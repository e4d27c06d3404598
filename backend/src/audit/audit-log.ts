import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentActor } from './audit-context.js';
import type { AuditCursor } from './audit-cursor.js';
import { AuditEventsRepository } from './audit-events.repository.js';
import type { AuditChanges, AuditEventInput, AuditEventRow, AuditFilter, AuditSignature } from './audit-types.js';

export * from './audit-types.js';
export * from './audit-diff.js';

/** Only the fields whose value differs, as before/after (numbers compared as numbers: '1.20' and 1.2 are one). */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  fields: readonly string[],
): AuditChanges | null {
  const changes: AuditChanges = {};
  const numeric = (value: unknown) =>
    typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)));
  const same = (a: unknown, b: unknown) =>
    numeric(a) && numeric(b) ? Number(a) === Number(b) : JSON.stringify(a) === JSON.stringify(b);
  for (const field of fields) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!same(was, now)) changes[field] = { before: was, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The audit trail every feature writes to (the audit feature depends on no other, so any may call it). `record`
 * writes in the caller's transaction when given its manager, so the action and its event commit or roll back as one.
 */
@Injectable()
export class AuditLog {
  constructor(private readonly events: AuditEventsRepository) {}

  /** Records `event`, by the signed-in member of the running request unless it names its actor. */
  record(manager: EntityManager | undefined, event: AuditEventInput): Promise<void> {
    return this.events.insert(manager, event, event.actor === undefined ? currentActor() : event.actor);
  }

  /** One page, newest first, after `cursor`; one row more than `limit` tells there is a next page. */
  page(companyId: string, filter: AuditFilter, limit: number, cursor: AuditCursor | null): Promise<AuditEventRow[]> {
    return this.events.page(companyId, filter, limit, cursor);
  }

  /** Every event `filter` matches, newest first, up to `max` (an export for an auditor). */
  all(companyId: string, filter: AuditFilter, max: number): Promise<AuditEventRow[]> {
    return this.events.page(companyId, filter, max - 1, null);
  }

  /** Who first saved the report, and who last made it final (with when), for its detail and its PDF. */
  reportAuthors(
    companyId: string,
    reportId: string,
  ): Promise<{ prepared_by: AuditSignature | null; finalised_by: AuditSignature | null }> {
    return this.events.reportAuthors(companyId, reportId);
  }
}
