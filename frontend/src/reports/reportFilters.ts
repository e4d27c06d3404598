import { isDraftReport, type Report } from './types';

export const SORT_FIELDS = ['created_at', 'updated_at', 'name', 'company_name'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export type StatusFilter = '' | 'draft' | 'final';

export interface ReportFilters {
  search: string;
  status: StatusFilter;
  sort: SortField;
  order: SortOrder;
}

/** Spec §9: reports by created_at, newest first. */
export const DEFAULT_REPORT_FILTERS: ReportFilters = { search: '', status: '', sort: 'created_at', order: 'desc' };

const DATE_FIELDS: ReadonlySet<SortField> = new Set(['created_at', 'updated_at']);

const compare = (a: Report, b: Report, field: SortField): number => {
  if (DATE_FIELDS.has(field)) return new Date(a[field]).getTime() - new Date(b[field]).getTime();
  return String(a[field] ?? '').localeCompare(String(b[field] ?? ''), undefined, { sensitivity: 'base' });
};

/**
 * Spec §5 Report list filtering, in the browser: a case-insensitive substring of name or company_name,
 * an exact status (a report is a draft when status is draft or is_final is false), then the chosen sort.
 */
export const filterReports = (reports: readonly Report[], filters: ReportFilters): Report[] => {
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

export const hasActiveFilters = (filters: ReportFilters): boolean =>
  filters.search.trim() !== '' || filters.status !== '';

/** Total, Drafts and Final tiles, over the filtered list (spec §2). */
export const countReports = (reports: readonly Report[]) => {
  const drafts = reports.filter(isDraftReport).length;
  return { total: reports.length, drafts, final: reports.length - drafts };
};

const pickOne = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Filters live in the URL, so a reload or the back button keeps them. */
export const filtersFromParams = (params: URLSearchParams): ReportFilters => ({
  search: params.get('q') ?? '',
  status: pickOne<StatusFilter>(params.get('status'), ['', 'draft', 'final'], ''),
  sort: pickOne<SortField>(params.get('sort'), SORT_FIELDS, DEFAULT_REPORT_FILTERS.sort),
  order: pickOne<SortOrder>(params.get('order'), ['asc', 'desc'], DEFAULT_REPORT_FILTERS.order),
});

export const filtersToParams = (filters: ReportFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.sort !== DEFAULT_REPORT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.order !== DEFAULT_REPORT_FILTERS.order) params.set('order', filters.order);
  return params;
};
