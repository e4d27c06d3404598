import type { DataProvider, Identifier } from 'react-admin';
import { httpClient } from './httpClient';
import { fetchFile, type DownloadedFile } from './fileTransfer';
import type { Report, ReportPayload } from '../reports/types';

const BASE = '/api/protected/reports';
const path = (id: Identifier) => `${BASE}/${encodeURIComponent(String(id))}`;

/** Spec §3: the id may arrive as `_id`. */
const withId = (report: Report): Report => ({ ...report, id: report.id ?? report._id });

/**
 * The `reports` resource on the spec's endpoints: the list is one array (spec §5 filters and sorts it in
 * the browser), so pagination and filters are not sent. react-admin's generic record types cannot be
 * narrowed per resource, hence the cast at this boundary.
 */
export const reportsResource = {
  getList: async () => {
    const data = (await httpClient<Report[]>(BASE)).json.map(withId);
    return { data, total: data.length };
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
  /** POST …/{id}/export with an empty body: the report as .xlsx (spec §7). */
  exportReport: (id: Identifier) => Promise<DownloadedFile>;
}

export const reportsMethods: ReportsMethods = {
  exportReport: (id) => fetchFile(`${path(id)}/export`, 'POST'),
};
