import type { AuditActor } from './audit-context.js';

export const AUDIT_ENTITIES = ['report', 'records', 'tax_rate', 'settings', 'member', 'billing'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** The before/after of each changed field, by field name. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEventInput {
  companyId: string;
  action: string;
  entity: AuditEntity;
  entityId?: string | null;
  summary: string;
  changes?: AuditChanges | null;
  /** Who acted; the signed-in member of the running request when left out. */
  actor?: AuditActor | null;
}

export interface AuditEventRow {
  id: string;
  actor_user_id: string | null;
  actor_email: string | null;
  /** 'system' when no person acted (a job, a webhook, repricing after a matrix publish). */
  actor_kind: 'person' | 'system';
  /** What the system was doing ("IFTA Q3-2026 matrix v2 applied"); null for a person. */
  actor_description: string | null;
  action: string;
  entity: AuditEntity;
  entity_id: string | null;
  summary: string;
  changes: AuditChanges | null;
  created_at: string;
}

export interface AuditFilter {
  entity?: AuditEntity;
  entityId?: string;
  actorEmail?: string;
  actorUserId?: string;
  /** Only what the system did on its own. */
  actorSystem?: boolean;
  action?: string;
  /** From this day (UTC), inclusive: YYYY-MM-DD. */
  from?: string;
  /** To this day (UTC), inclusive: YYYY-MM-DD. */
  to?: string;
}

export interface AuditSignature {
  email: string | null;
  at: string;
}
