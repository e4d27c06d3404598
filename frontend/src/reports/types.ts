/** A saved report's jurisdiction line as the API answers it (spec §3 Report jurisdiction). */
export interface ReportJurisdiction {
  name: string;
  total_miles: number;
  taxable_miles: number;
  gallons_purchased: number;
  tax_rate: number;
  gallons_consumed: number;
  net_gallons: number;
  tax_due: number;
}

export type ReportStatus = 'draft' | 'final';

/** A saved report (spec §3 Report); `_id` is the same id, kept for older readers. */
export interface Report {
  id: string;
  _id?: string;
  name: string;
  company_name: string;
  license_number: string;
  tax_period: string;
  period: string;
  average_mpg: number;
  status: ReportStatus;
  is_final: boolean;
  created_at: string;
  updated_at: string;
  jurisdictions: ReportJurisdiction[];
}

/** What POST and PUT /protected/reports take (spec §7); the server recomputes the derived numbers. */
export interface ReportPayload {
  name: string;
  company_name: string;
  license_number: string;
  tax_period: string;
  period: string;
  average_mpg: number;
  status: ReportStatus;
  jurisdictions: ReportJurisdiction[];
}

/** Spec §4: a report counts as draft if its status is draft or is_final is false. */
export const isDraftReport = (report: Pick<Report, 'status' | 'is_final'>): boolean =>
  report.status === 'draft' || report.is_final === false;
