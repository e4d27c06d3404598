import type { DataProvider, Identifier } from 'react-admin';
import { httpClient, httpStatus } from './httpClient';
import { fetchFile, type DownloadedFile } from './fileTransfer';
import type { Report, ReportPage, ReportPayload } from '../api/types';
import { pageOfAll, reportsQuery } from './reportListQuery';

const BASE = '/api/protected/reports';
const path = (id: Identifier) => `${BASE}/${encodeURIComponent(String(id))}`;

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
    if (!serverPagesReports) return pageOfAll((await httpClient<Report[]>(BASE)).json.map(withId), query);
    try {
      const { json } = await httpClient<ReportPage | Report[]>(`${BASE}?${query}`);
      if (!Array.isArray(json)) {
        return { data: json.data.map(withId), total: json.pagination.total, meta: { counts: json.counts } };
      }
      return pageOfAll(json.map(withId), query);
    } catch (error) {
      // A server from before list paging refuses the paging parameters (400): ask it for the spec's plain
      // array, now and for the rest of the page's life.
      if (httpStatus(error) !== 400) throw error;
      serverPagesReports = false;
      return pageOfAll((await httpClient<Report[]>(BASE)).json.map(withId), query);
    }
  },
  getOne: async (_resource, params) => ({ data: withId((await httpClient<Report>(path(params.id))).json) }),
  create: async (_resource, params) => ({
    data: withId((await httpClient<Report>(BASE, { method: 'POST', body: params.data as ReportPayload })).json),
  }),
  update: async (_resource, params) => ({
    data: withId(
      (await httpClient<Report>(path(params.id), { method: 'PUT', body: params.data as Partial<ReportPayload> })).json,
    ),
  }),
  delete: async (_resource, params) => {
    await httpClient(path(params.id), { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  },
} as Pick<DataProvider, 'getList' | 'getOne' | 'create' | 'update' | 'delete'>;

export interface ReportsMethods {
  /** POST …/{id}/export with an empty body: the report as .xlsx (docs/product-spec.md §7). */
  exportReport: (id: Identifier) => Promise<DownloadedFile>;
  /** GET …/{id}/pdf?lang=: the official return as a PDF in English or Russian (docs/OFFICIAL-API.md). */
  downloadReportPdf: (id: Identifier, lang: 'en' | 'ru') => Promise<DownloadedFile>;
}

export const reportsMethods: ReportsMethods = {
  exportReport: (id) => fetchFile(`${path(id)}/export`, 'POST'),
  downloadReportPdf: (id, lang) => fetchFile(`${path(id)}/pdf?${new URLSearchParams({ lang })}`),
};
