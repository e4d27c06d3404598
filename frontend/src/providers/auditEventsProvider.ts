import type { DataProvider, GetListParams } from 'react-admin';
import { body, client } from '../api/client';
import type { paths } from '../api/schema';
import type { AuditEventsPage } from '../api/types';
import { fetchFile, type DownloadedFile } from './fileTransfer';

type AuditEventsQuery = NonNullable<paths['/api/protected/audit-events']['get']['parameters']['query']>;
export const AUDIT_PAGE_SIZE = 25;

export interface AuditEventFilter {
  entity?: string;
  /** An e-mail, or 'system' for what the app did on its own. */
  actor?: string;
  action?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

type FilterQuery = Pick<AuditEventsQuery, 'entity' | 'actor' | 'action' | 'from' | 'to'>;

/** The filters as the API's query: the list and its CSV export send the same ones. */
export const auditFilterQuery = (filter: AuditEventFilter): FilterQuery => {
  const query: FilterQuery = {};
  if (filter.entity) query.entity = filter.entity as AuditEventsQuery['entity'];
  if (filter.actor?.trim()) query.actor = filter.actor.trim();
  if (filter.action) query.action = filter.action;
  if (filter.from) query.from = filter.from;
  if (filter.to) query.to = filter.to;
  return query;
};

/**
 * The audit list pages by an opaque cursor while react-admin counts pages: the cursor that opens each page is kept
 * per filter and page size as pages are read, so page n+1 is asked for with page n's next_cursor. A page not reached
 * yet in this way (a URL typed with page=5) starts again from the newest events.
 */
const cursors = new Map<string, Map<number, string>>();

export const auditEventsQuery = (params: Partial<GetListParams>, cursor: string | undefined): AuditEventsQuery => {
  const filter = (params.filter ?? {}) as AuditEventFilter;
  const query: AuditEventsQuery = { limit: params.pagination?.perPage ?? AUDIT_PAGE_SIZE };
  if (cursor) query.cursor = cursor;
  return { ...query, ...auditFilterQuery(filter) };
};

export interface AuditEventsMethods {
  /** GET …/audit-events/export: the events the filters select, as CSV for an auditor. */
  exportAuditEvents: (filter: AuditEventFilter) => Promise<DownloadedFile>;
}

export const auditEventsMethods: AuditEventsMethods = {
  exportAuditEvents: (filter) =>
    fetchFile(
      `/api/protected/audit-events/export?${new URLSearchParams(auditFilterQuery(filter) as Record<string, string>)}`,
    ),
};

/** The `audit-events` resource: read-only, newest first. */
export const auditEventsResource = {
  getList: async (_resource, params) => {
    const perPage = params.pagination?.perPage ?? AUDIT_PAGE_SIZE;
    const key = JSON.stringify([params.filter ?? {}, perPage]);
    const known = cursors.get(key) ?? new Map<number, string>();
    cursors.set(key, known);
    const asked = params.pagination?.page ?? 1;
    const page = asked === 1 || known.has(asked) ? asked : 1;
    const json = (await body(
      client.GET('/api/protected/audit-events', { params: { query: auditEventsQuery(params, known.get(page)) } }),
    )) as AuditEventsPage;
    if (json.next_cursor) known.set(page + 1, json.next_cursor);
    return { data: json.data, pageInfo: { hasNextPage: json.next_cursor !== null, hasPreviousPage: page > 1 } };
  },
} as Pick<DataProvider, 'getList'>;
