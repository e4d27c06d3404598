import type { Pool } from 'pg';
import { ZERO_TAX_THRESHOLD } from '../ifta/index.js';
import type { ReportSortField } from './dto/query-reports.dto.js';
import type { ReportStatus } from './entities/report.entity.js';
import { containsPattern } from '../common/sql/like.js';

/**
 * One page of the reports list (issue 14; README, "Reports list and dashboard at fleet size"), searched, filtered, sorted and counted by
 * PostgreSQL. Each sort has its index (user_id, field, id) from migration ReportListAndTotals, read forwards or
 * backwards; the id breaks ties so pages never overlap. The ORDER BY pieces come from this fixed map, never from
 * the request's text. Names sort case-insensitively, as the tax-rate list does.
 */
const SORT_KEYS: Record<ReportSortField, string[]> = {
  created_at: ['created_at'],
  updated_at: ['updated_at'],
  name: ['lower(name)'],
  company_name: ['lower(company_name)'],
  period: ['period'],
  status: ['status', 'created_at'],
  total_tax_due: ['tax_due'],
  total_miles: ['total_miles'],
};

export interface ReportPageQuery {
  page: number;
  limit: number;
  search?: string;
  status?: ReportStatus;
  sort: ReportSortField;
  order: 'asc' | 'desc';
}

export interface ReportPage {
  /** The page's summaries as JSON text built by PostgreSQL (sent as it is). */
  data: string;
  /** Reports matching the search and status. */
  matched: number;
  counts: { total: number; draft: number; final: number };
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Run on the pg pool. Without a search as a named (prepared) statement, one per shape of the query (sort, order,
 * status), so PostgreSQL plans each shape once per connection. A search is never prepared: a generic plan cannot
 * see how selective the pattern is, and after five runs PostgreSQL may keep one that reads every report of the
 * account in date order instead of the trigram index (docs/PERFORMANCE.md).
 */
export async function listReportPage(
  db: Pick<Pool, 'query'>,
  userId: string,
  query: ReportPageQuery,
): Promise<ReportPage> {
  const params: unknown[] = [userId];
  const where = ['user_id = $1'];
  if (query.status) {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  // A search has to count its matches; without one the counts kept on write (report-totals.ts) give the total.
  const search = query.search?.trim();
  if (search) {
    params.push(containsPattern(search));
    where.push(`(name ILIKE $${params.length} OR company_name ILIKE $${params.length})`);
  }
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...SORT_KEYS[query.sort], 'id'].map((key) => `${key} ${direction}`).join(', ');
  params.push(query.limit, (query.page - 1) * query.limit);
  const shape = search ? undefined : `report-page:${query.sort}:${direction}:${query.status ? 'status' : 'all'}`;
  const {
    rows: [row],
  } = await db.query<{ data: string; matched: number | null; total: number; final: number }>({
    name: shape,
    text: `WITH page AS (
       SELECT id, name, company_name, license_number, tax_period, period, average_mpg, status, created_at,
              updated_at, total_miles, taxable_miles, gallons_purchased, gallons_consumed, net_gallons, tax_due,
              calculation_mode, mpg_source, fleet_mpg, non_tax_paid_gallons, surcharge_due, schedules,
              due_date, filed_at, penalty, interest, interest_rate_missing
              ${search ? ', count(*) OVER () AS matched' : ''}
         FROM reports WHERE ${where.join(' AND ')}
        ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}
     )
     SELECT (SELECT coalesce(json_agg(json_build_object(
               'id', p.id, '_id', p.id, 'name', p.name, 'company_name', p.company_name,
               'license_number', p.license_number, 'tax_period', p.tax_period, 'period', p.period,
               'average_mpg', p.average_mpg, 'calculation_mode', p.calculation_mode, 'mpg_source', p.mpg_source,
               'fleet_mpg', p.fleet_mpg, 'status', p.status, 'is_final', p.status = 'final',
               'created_at', to_char(p.created_at AT TIME ZONE 'UTC', ${ISO}),
               'updated_at', to_char(p.updated_at AT TIME ZONE 'UTC', ${ISO}),
               'due_date', p.due_date, 'filed_at', p.filed_at, 'penalty', p.penalty, 'interest', p.interest,
               'interest_rate_missing', p.interest_rate_missing, 'schedules', p.schedules,
               'totals', json_build_object(
                 'total_miles', p.total_miles, 'taxable_miles', p.taxable_miles,
                 'gallons_purchased', p.gallons_purchased, 'gallons_consumed', p.gallons_consumed,
                 'net_gallons', p.net_gallons, 'tax_due', p.tax_due, 'surcharge_due', p.surcharge_due,
                 'non_tax_paid_gallons', p.non_tax_paid_gallons, 'is_no_tax_due', abs(p.tax_due) < ${ZERO_TAX_THRESHOLD}),
               'jurisdiction_count', (SELECT count(*) FROM report_jurisdictions j
                                       WHERE j.user_id = $1 AND j.report_id = p.id))
             ORDER BY ${orderBy}), '[]'::json) FROM page p)::text AS data,
            ${search ? '(SELECT matched FROM page LIMIT 1)' : 'NULL'}::int AS matched,
            coalesce(t.reports, 0) AS total, coalesce(t.final_reports, 0) AS final
       FROM (SELECT $1::uuid AS user_id) a LEFT JOIN account_report_totals t ON t.user_id = a.user_id`,
    values: params,
  });
  const counts = { total: row.total, draft: row.total - row.final, final: row.final };
  let matched = row.matched;
  if (matched === null) {
    if (!search) matched = query.status ? counts[query.status] : counts.total;
    else {
      // Past the last page no row carries the count (rare): count on its own.
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM reports WHERE ${where.join(' AND ')}`,
        params.slice(0, -2),
      );
      matched = rows[0].n;
    }
  }
  return { data: row.data, matched, counts: await filteredCounts(db, userId, counts, query.status, search) };
}

/**
 * The tiles count the filtered list, as the specification's report list does: the search and the status narrow
 * Total, Drafts and Final alike. Without a search the kept totals give them; a search counts its matches by status
 * (the trigram index serves it).
 */
async function filteredCounts(
  db: Pick<Pool, 'query'>,
  userId: string,
  all: ReportPage['counts'],
  status: ReportStatus | undefined,
  search: string | undefined,
): Promise<ReportPage['counts']> {
  let counts = all;
  if (search) {
    const { rows } = await db.query<{ draft: number; final: number }>(
      `SELECT count(*) FILTER (WHERE status = 'draft')::int AS draft, count(*) FILTER (WHERE status = 'final')::int AS final
         FROM reports WHERE user_id = $1 AND (name ILIKE $2 OR company_name ILIKE $2)`,
      [userId, containsPattern(search)],
    );
    counts = { total: rows[0].draft + rows[0].final, draft: rows[0].draft, final: rows[0].final };
  }
  if (!status) return counts;
  return {
    total: counts[status],
    draft: status === 'draft' ? counts.draft : 0,
    final: status === 'final' ? counts.final : 0,
  };
}
