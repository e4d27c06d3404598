import { isDraftReport } from '../api/reports';
import type { ReportSummary } from '../api/types';

/** What filtering and sorting read: a list row or a whole report (a server without list paging answers those). */
type FilterableReport = Pick<
  ReportSummary,
  'name' | 'company_name' | 'status' | 'is_final' | 'created_at' | 'updated_at' | 'period'
>;

export const SORT_FIELDS = ['created_at', 'updated_at', 'name', 'company_name', 'period'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type SortOrder = 'asc' | 'desc';
type StatusFilter = '' | 'draft' | 'final';

export interface ReportFilters {
  search: string;
  status: StatusFilter;
  sort: SortField;
  order: SortOrder;
}

/** docs/product-spec.md §9: reports by created_at, newest first. */
export const DEFAULT_REPORT_FILTERS: ReportFilters = { search: '', status: '', sort: 'created_at', order: 'desc' };

const DATE_FIELDS: ReadonlySet<SortField> = new Set(['created_at', 'updated_at']);

/**
 * A filing period in calendar order: a quarter (Q3-2026) as the year and its first month with a mark after it
 * ('2026-07~'), a month (2026-07) as it is, so Q1-2027 comes after Q4-2026 (the server sorts by the same key).
 */
export const periodOrderKey = (period: string): string => {
  const quarter = /^Q([1-4])-(\d{4})$/.exec(period);
  return quarter ? `${quarter[2]}-${String((Number(quarter[1]) - 1) * 3 + 1).padStart(2, '0')}~` : period;
};

const compare = (a: FilterableReport, b: FilterableReport, field: SortField): number => {
  if (DATE_FIELDS.has(field)) return new Date(a[field]).getTime() - new Date(b[field]).getTime();
  if (field === 'period') return periodOrderKey(a.period ?? '').localeCompare(periodOrderKey(b.period ?? ''));
  return String(a[field] ?? '').localeCompare(String(b[field] ?? ''), undefined, { sensitivity: 'base' });
};

/**
 * docs/product-spec.md §5 Report list filtering, for a server that answers the plain array (reportListQuery.ts): a case-insensitive substring of name or company_name,
 * an exact status (a report is a draft when status is draft or is_final is false), then the chosen sort.
 */
export const filterReports = <T extends FilterableReport>(reports: readonly T[], filters: ReportFilters): T[] => {
  const needle = filters.search.trim().toLowerCase();
  const direction = filters.order === 'asc' ? 1 : -1;
  return reports
    .filter(
      (report) =>
        !needle ||
        report.name.toLowerCase().includes(needle) ||
        (report.company_name ?? '').toLowerCase().includes(needle),
    )
    .filter((report) => !filters.status || (filters.status === 'draft') === isDraftReport(report))
    .sort((a, b) => direction * compare(a, b, filters.sort));
};

/** Total, Drafts and Final tiles, over the filtered list (docs/product-spec.md §2). */
export const countReports = (reports: readonly FilterableReport[]) => {
  const drafts = reports.filter(isDraftReport).length;
  return { total: reports.length, drafts, final: reports.length - drafts };
};
