import { body, client } from '../api/client';
import type { Report, ReportStats, ReportSummary } from '../api/types';

/** One row of the dashboard's 'All Reports' table: the report without its lines, which the table only counts. */
export type DashboardReportRow = Pick<
  ReportSummary,
  | 'id'
  | 'name'
  | 'period'
  | 'status'
  | 'is_final'
  | 'average_mpg'
  | 'jurisdiction_count'
  | 'created_at'
  | 'total_to_remit'
>;

/**
 * The dashboard's named calls (docs/style.md: components never build URLs). Export and delete are the reports
 * resource's own (reportsProvider.ts).
 */
export interface DashboardDataProvider {
  getReportStats: () => Promise<ReportStats>;
  /**
   * One page of the account's reports, newest first; the total comes from getReportStats. With `offset` the server
   * answers the spec's plain array of reports.
   */
  getReportsPage: (params: { page: number; perPage: number }) => Promise<DashboardReportRow[]>;
}

const summary = (report: Report): DashboardReportRow => ({
  id: report.id,
  name: report.name,
  period: report.period || report.tax_period,
  status: report.status,
  is_final: report.is_final,
  average_mpg: report.average_mpg,
  jurisdiction_count: report.jurisdictions.length,
  created_at: report.created_at,
  total_to_remit: report.total_to_remit,
});

export const dashboardMethods: DashboardDataProvider = {
  getReportStats: () => body(client.GET('/api/protected/reports/stats')),
  getReportsPage: async ({ page, perPage }) => {
    // With `offset` the server answers the spec's plain array of reports, not a page envelope.
    const reports = (await body(
      client.GET('/api/protected/reports', { params: { query: { limit: perPage, offset: (page - 1) * perPage } } }),
    )) as unknown as Report[];
    return reports.map(summary);
  },
};
