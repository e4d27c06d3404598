import type { ReportStatus } from './types';

/** docs/product-spec.md §4: a report counts as draft if its status is draft or is_final is false. */
export const isDraftReport = (report: { status: ReportStatus; is_final: boolean }): boolean =>
  report.status === 'draft' || !report.is_final;
