import { HttpError, type Identifier } from 'react-admin';
import { httpClient, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, serverErrorText } from './httpClient';
import { getToken } from './session';
import type { ReportStats, ReportSummary, ReportStatus } from '../dashboard/types';

const REPORTS = '/api/protected/reports';

interface ReportListItem {
  id: string;
  name: string;
  period: string;
  tax_period: string;
  status: ReportStatus;
  is_final: boolean;
  average_mpg: number;
  created_at: string;
  jurisdictions?: unknown[];
}

/** The dashboard's named calls (STYLE.md: components never build URLs). */
export interface DashboardDataProvider {
  getReportStats: () => Promise<ReportStats>;
  /** One page of the account's reports, newest first; the total comes from getReportStats. */
  getReportsPage: (params: { page: number; perPage: number }) => Promise<ReportSummary[]>;
  /** POST …/{id}/export with an empty body: the .xlsx workbook (spec §7). */
  downloadReportWorkbook: (id: Identifier) => Promise<Blob>;
  deleteReport: (id: Identifier) => Promise<void>;
}

const summary = (report: ReportListItem): ReportSummary => ({
  id: report.id,
  name: report.name,
  period: report.period || report.tax_period,
  status: report.status,
  is_final: report.is_final,
  average_mpg: report.average_mpg,
  jurisdiction_count: report.jurisdictions?.length ?? 0,
  created_at: report.created_at,
});

/** httpClient reads answers as text; a workbook must stay bytes, so this one call fetches by itself. */
async function fetchBlob(path: string, method: string): Promise<Blob> {
  const headers = new Headers({ Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { method, headers });
  } catch {
    throw new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new HttpError(serverErrorText(body) ?? response.statusText, response.status, body);
  }
  return response.blob();
}

export const dashboardMethods: DashboardDataProvider = {
  getReportStats: async () => (await httpClient<ReportStats>(`${REPORTS}/stats`)).json,
  getReportsPage: async ({ page, perPage }) => {
    const query = new URLSearchParams({ limit: String(perPage), offset: String((page - 1) * perPage) });
    return (await httpClient<ReportListItem[]>(`${REPORTS}?${query}`)).json.map(summary);
  },
  downloadReportWorkbook: (id) => fetchBlob(`${REPORTS}/${encodeURIComponent(id)}/export`, 'POST'),
  deleteReport: async (id) => {
    await httpClient(`${REPORTS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
};
