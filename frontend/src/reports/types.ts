import type { CalculationMode, MpgSource } from '@ifta/index';

export type RateSource = 'table' | 'typed';

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
  /** Issue 12 (absent on reports saved before it): canonical code, fuel and the official figures. */
  code?: string;
  fuel_type?: string;
  non_tax_paid_gallons?: number;
  surcharge_rate?: number;
  surcharge_due?: number;
  /** Issue 12, official mode: whether the rate came from the quarter's rate table or was typed on the line. */
  rate_source?: RateSource | null;
}

/** One fuel type's official schedule as the server answers it (docs/OFFICIAL-API.md). */
export interface FuelSchedule {
  fuel_type: string;
  fleet_mpg: number;
  mpg: number;
  mpg_source: MpgSource;
  total_miles: number;
  total_gallons: number;
  taxable_miles: number;
  taxable_gallons: number;
  tax_paid_gallons: number;
  non_tax_paid_gallons: number;
  net_taxable_gallons: number;
  tax_due: number;
  surcharge_due: number;
  total_due: number;
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
  /** Issue 13: due date, filing day, late penalty and interest (null when not late). */
  due_date: string | null;
  filed_at: string | null;
  penalty: number | null;
  interest: number | null;
  interest_rate_missing: boolean;
  calculation_mode?: CalculationMode;
  mpg_source?: MpgSource | null;
  fleet_mpg?: number | null;
  totals?: ReportTotalsResponse;
  /** Official mode: one schedule per fuel type. */
  schedules?: FuelSchedule[];
}

/** The server's totals (tax_due includes surcharges in official mode). */
export interface ReportTotalsResponse {
  total_miles: number;
  taxable_miles: number;
  gallons_purchased: number;
  gallons_consumed: number;
  net_gallons: number;
  tax_due: number;
  surcharge_due?: number;
  non_tax_paid_gallons?: number;
}

/** A row of a list page (issue 14): the report without its lines, with their count. */
export type ReportSummary = Omit<Report, 'jurisdictions'> & {
  jurisdiction_count?: number;
  jurisdictions?: ReportJurisdiction[];
};

/** What POST and PUT /protected/reports take (spec §7); the server recomputes the derived numbers. */
export interface ReportPayload {
  name: string;
  company_name: string;
  license_number: string;
  tax_period: string;
  period: string;
  average_mpg: number;
  status: ReportStatus;
  calculation_mode?: CalculationMode;
  jurisdictions: ReportJurisdiction[];
}

/** Spec §4: a report counts as draft if its status is draft or is_final is false. */
export const isDraftReport = (report: Pick<Report, 'status' | 'is_final'>): boolean =>
  report.status === 'draft' || report.is_final === false;
