import { httpClient } from './httpClient';
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

/**
 * The dashboard's named calls (STYLE.md: components never build URLs). Export and delete are the reports
 * resource's own (reportsProvider.ts).
 */
export interface DashboardDataProvider {
  getReportStats: () => Promise<ReportStats>;
  /** One page of the account's reports, newest first; the total comes from getReportStats. */
  getReportsPage: (params: { page: number; perPage: number }) => Promise<ReportSummary[]>;
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

export const dashboardMethods: DashboardDataProvider = {
  getReportStats: async () => (await httpClient<ReportStats>(`${REPORTS}/stats`)).json,
  getReportsPage: async ({ page, perPage }) => {
    const query = new URLSearchParams({ limit: String(perPage), offset: String((page - 1) * perPage) });
    return (await httpClient<ReportListItem[]>(`${REPORTS}?${query}`)).json.map(summary);
  },
};
