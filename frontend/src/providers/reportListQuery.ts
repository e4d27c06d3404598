import type { GetListParams } from 'react-admin';
import { countReports, filterReports, SORT_FIELDS, type ReportFilters, type SortField } from './reportFilters';
import { REPORT_PAGE_SIZE } from '../api/constants';
import type { Report, ReportCounts, ReportSummary } from '../api/types';

export interface ReportListFilter {
  q?: string;
  status?: string;
}

/** react-admin's list params as the contract's query: page, limit, search, status, sort, order. */
export const reportsQuery = (params: Partial<GetListParams>): URLSearchParams => {
  const filter = (params.filter ?? {}) as ReportListFilter;
  const field = params.sort?.field as SortField | undefined;
  const query = new URLSearchParams({
    page: String(params.pagination?.page ?? 1),
    limit: String(params.pagination?.perPage ?? REPORT_PAGE_SIZE),
    sort: field && SORT_FIELDS.includes(field) ? field : 'created_at',
    order: params.sort?.order === 'ASC' ? 'asc' : 'desc',
  });
  const search = filter.q?.trim();
  if (search) query.set('search', search);
  if (filter.status === 'draft' || filter.status === 'final') query.set('status', filter.status);
  return query;
};

/**
 * A server without list paging answers the spec's plain array whatever it is asked: that array is
 * filtered, sorted and cut into the asked page here, with the tiles counted over the filtered list (docs/product-spec.md §2).
 */
export const pageOfAll = (all: Report[], query: URLSearchParams) => {
  const rows: ReportSummary[] = all.map((report) => ({ ...report, jurisdiction_count: report.jurisdictions.length }));
  const filters: ReportFilters = {
    search: query.get('search') ?? '',
    status: (query.get('status') ?? '') as ReportFilters['status'],
    sort: query.get('sort') as SortField,
    order: query.get('order') === 'asc' ? 'asc' : 'desc',
  };
  const matching = filterReports(rows, filters);
  const limit = Number(query.get('limit'));
  const start = (Number(query.get('page')) - 1) * limit;
  const { total, drafts, final } = countReports(matching);
  const counts: ReportCounts = { total, draft: drafts, final };
  return { data: matching.slice(start, start + limit), total, meta: { counts } };
};
