import { body, client } from '../api/client';
import type { ReportPage, ReportStats, ReportSummary } from '../api/types';

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
  | 'settlement'
  | 'balance'
  | 'superseded'
  | 'amendment_number'
  | 'return_of_record'
  | 'voided'
>;

/**
 * The dashboard's named calls (docs/style.md: components never build URLs). Export and delete are the reports
 * resource's own (reportsProvider.ts).
 */
export interface DashboardDataProvider {
  getReportStats: () => Promise<ReportStats>;
  /**
   * One page of the account's reports, newest first, as the reports list reads them; the total comes from
   * getReportStats.
   */
  getReportsPage: (params: { page: number; perPage: number }) => Promise<DashboardReportRow[]>;
}

const row = (report: ReportSummary): DashboardReportRow => ({
  id: report.id,
  name: report.name,
  period: report.period,
  status: report.status,
  is_final: report.is_final,
  average_mpg: report.average_mpg,
  jurisdiction_count: report.jurisdiction_count,
  created_at: report.created_at,
  total_to_remit: report.total_to_remit,
  settlement: report.settlement,
  balance: report.balance,
  superseded: report.superseded,
  amendment_number: report.amendment_number,
  return_of_record: report.return_of_record,
  voided: report.voided,
});

export const dashboardMethods: DashboardDataProvider = {
  getReportStats: () => body(client.GET('/api/protected/reports/stats')),
  getReportsPage: async ({ page, perPage }) => {
    // With `page` the server answers the list envelope of summaries (no lines to read and drop), as the reports list.
    const answer = (await body(
      client.GET('/api/protected/reports', { params: { query: { page, limit: perPage } } }),
    )) as unknown as ReportPage;
    return answer.data.map(row);
  },
};
