/** The API's shapes the dashboard reads (GET /api/protected/reports/stats and the reports list). */
export type ReportStatus = 'draft' | 'final';

export interface StateNetGallons {
  name: string;
  net_gallons: number;
}

export interface LatestActivity {
  id: string;
  name: string;
  created_at: string;
  status: ReportStatus;
  is_final: boolean;
  jurisdiction_count: number;
}

export interface ReportStats {
  total_reports: number;
  draft_reports: number;
  final_reports: number;
  total_jurisdictions: number;
  distinct_jurisdictions: number;
  average_mpg: number;
  latest_activity: LatestActivity | null;
  state_net_gallons: StateNetGallons[];
  overpurchase: StateNetGallons[];
  underpurchase: StateNetGallons[];
}

/** One row of the 'All Reports' table: the report without its lines, which the table only counts. */
export interface ReportSummary {
  id: string;
  name: string;
  period: string;
  status: ReportStatus;
  is_final: boolean;
  average_mpg: number;
  jurisdiction_count: number;
  created_at: string;
}

/** Spec §4: a report counts as draft if its status is draft or is_final is false. */
export const isDraft = (report: { status: ReportStatus; is_final: boolean }): boolean =>
  report.status === 'draft' || !report.is_final;
