import type { DataProvider, Identifier } from 'react-admin';
import { httpStatus } from './httpClient';
import { body, client } from '../api/client';
import type { paths } from '../api/schema';
import { fetchFile, type DownloadedFile } from './fileTransfer';
import type { Report, ReportPage, ReportPayload } from '../api/types';
import { pageOfAll, reportsQuery } from './reportListQuery';

const BASE = '/api/protected/reports';
type ReportListQuery = NonNullable<paths['/api/protected/reports']['get']['parameters']['query']>;
const byId = (id: Identifier) => ({ params: { path: { id: String(id) } } });
const path = (id: Identifier) => `${BASE}/${encodeURIComponent(String(id))}`;

/** The list's query (built once, as URLSearchParams, for the local fallback too) in the schema's types. */
const typedQuery = (query: URLSearchParams): ReportListQuery => ({
  page: Number(query.get('page')),
  limit: Number(query.get('limit')),
  sort: query.get('sort') as ReportListQuery['sort'],
  order: query.get('order') as ReportListQuery['order'],
  search: query.get('search') ?? undefined,
  status: (query.get('status') ?? undefined) as ReportListQuery['status'],
});

/** The spec's plain array, every report at once, from a server that does not page the list. */
const allReports = async () => ((await body(client.GET('/api/protected/reports'))) as Report[]).map(withId);

/** False once the server answered that it does not page the report list (see getList). */
let serverPagesReports = true;

/** docs/product-spec.md §3: the id may arrive as `_id`. */
const withId = <T extends Pick<Report, 'id' | '_id'>>(report: T): T => ({ ...report, id: report.id ?? report._id });

/**
 * The `reports` resource on the spec's endpoints. A list page asks the server for one page (the paged-list
 * contract) and hands the Total/Drafts/Final counts over as the list's `meta`. react-admin's generic
 * record types cannot be narrowed per resource, hence the cast at this boundary.
 */
export const reportsResource = {
  getList: async (_resource, params) => {
    const query = reportsQuery(params);
    if (!serverPagesReports) return pageOfAll(await allReports(), query);
    try {
      const json = (await body(client.GET('/api/protected/reports', { params: { query: typedQuery(query) } }))) as
        ReportPage | Report[];
      if (!Array.isArray(json)) {
        return { data: json.data.map(withId), total: json.pagination.total, meta: { counts: json.counts } };
      }
      return pageOfAll(json.map(withId), query);
    } catch (error) {
      // A server from before list paging refuses the paging parameters (400): ask it for the spec's plain
      // array, now and for the rest of the page's life.
      if (httpStatus(error) !== 400) throw error;
      serverPagesReports = false;
      return pageOfAll(await allReports(), query);
    }
  },
  getOne: async (_resource, params) => ({
    data: withId((await body(client.GET('/api/protected/reports/{id}', byId(params.id)))) as Report),
  }),
  create: async (_resource, params) => ({
    data: withId((await body(client.POST('/api/protected/reports', { body: params.data as ReportPayload }))) as Report),
  }),
  update: async (_resource, params) => ({
    data: withId(
      (await body(
        client.PUT('/api/protected/reports/{id}', { ...byId(params.id), body: params.data as Partial<ReportPayload> }),
      )) as Report,
    ),
  }),
  delete: async (_resource, params) => {
    await client.DELETE('/api/protected/reports/{id}', byId(params.id));
    return { data: params.previousData ?? { id: params.id } };
  },
} as Pick<DataProvider, 'getList' | 'getOne' | 'create' | 'update' | 'delete'>;

export interface ReportsMethods {
  /** POST …/{id}/export with an empty body: the report as .xlsx (docs/product-spec.md §7). */
  exportReport: (id: Identifier) => Promise<DownloadedFile>;
  /** GET …/{id}/pdf?lang=: the official return as a PDF in English or Russian (docs/OFFICIAL-API.md). */
  downloadReportPdf: (id: Identifier, lang: 'en' | 'ru') => Promise<DownloadedFile>;
  /** POST …/{id}/void {reason}: an owner voids a return of record, kept with the reason; answers it voided. */
  voidReport: (id: Identifier, reason: string) => Promise<Report>;
}

export const reportsMethods: ReportsMethods = {
  exportReport: (id) => fetchFile(`${path(id)}/export`, 'POST'),
  downloadReportPdf: (id, lang) => fetchFile(`${path(id)}/pdf?${new URLSearchParams({ lang })}`),
  voidReport: async (id, reason) =>
    withId((await body(client.POST('/api/protected/reports/{id}/void', { ...byId(id), body: { reason } }))) as Report),
};
