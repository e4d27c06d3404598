import type { DataProvider, GetListParams } from 'react-admin';
import { httpClient } from './httpClient';
import type { AuditEventsPage } from '../api/types';

const BASE = '/api/protected/audit-events';
export const AUDIT_PAGE_SIZE = 25;

export interface AuditEventFilter {
  entity?: string;
}

/**
 * The audit list pages by an opaque cursor while react-admin counts pages: the cursor that opens each page is kept
 * per filter and page size as pages are read, so page n+1 is asked for with page n's next_cursor. A page not reached
 * yet in this way (a URL typed with page=5) starts again from the newest events.
 */
const cursors = new Map<string, Map<number, string>>();

export const auditEventsQuery = (params: Partial<GetListParams>, cursor: string | undefined): URLSearchParams => {
  const filter = (params.filter ?? {}) as AuditEventFilter;
  const query = new URLSearchParams({ limit: String(params.pagination?.perPage ?? AUDIT_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filter.entity) query.set('entity', filter.entity);
  return query;
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
    const { json } = await httpClient<AuditEventsPage>(`${BASE}?${auditEventsQuery(params, known.get(page))}`);
    if (json.next_cursor) known.set(page + 1, json.next_cursor);
    return { data: json.data, pageInfo: { hasNextPage: json.next_cursor !== null, hasPreviousPage: page > 1 } };
  },
} as Pick<DataProvider, 'getList'>;
