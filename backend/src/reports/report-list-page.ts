import type { Pool } from 'pg';
import type { ReportSortField } from './dto/query-reports.dto.js';
import type { ReportStatus } from './entities/report.entity.js';
import { containsPattern } from '../common/sql/like.js';
import { RECORD_COLUMNS, RECORD_JSON_FIELDS } from './report-queries.js';
import { BALANCE_COLUMNS, BALANCE_JOIN, BALANCE_JSON_FIELDS } from './return-balance.js';

/**
 * One page of the reports list (README, "Reports list and dashboard at fleet size"), searched, filtered, sorted and counted by
 * PostgreSQL. Each sort has its index (user_id, field, id) from migration ReportListAndTotals, read forwards or
 * backwards; the id breaks ties so pages never overlap. The ORDER BY pieces come from this fixed map, never from
 * the request's text. Names sort case-insensitively, as the tax-rate list does.
 */
/**
 * A period in calendar order (Q1-2027 after Q2-2026): a quarter as its year and first month with a mark after it,
 * a month as it is. Migration ReportPeriodOrder indexes exactly this expression.
 */
const PERIOD_ORDER = `(CASE WHEN period ~ '^Q[1-4]-[0-9]{4}$'
  THEN right(period, 4) || '-' || lpad(((substr(period, 2, 1)::int - 1) * 3 + 1)::text, 2, '0') || '~'
  ELSE period END)`;

const SORT_KEYS: Record<ReportSortField, string[]> = {
  created_at: ['created_at'],
  updated_at: ['updated_at'],
  name: ['lower(name)'],
  company_name: ['lower(company_name)'],
  period: [PERIOD_ORDER],
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
  /** The page's summaries as JSON text, stored with each report (sent as it is). */
  data: string;
  /** Reports matching the search and status. */
  matched: number;
  counts: { total: number; draft: number; final: number };
}

/**
 * One statement, named (prepared) per shape of the query (sort, order, status, search or not), so PostgreSQL parses
 * each shape once per connection. Without a search it runs on the main pool, where its plan is kept, and the counts
 * kept on write (report-totals.ts) give the tiles. A search runs on `searches`, the CustomPlanPool: a generic plan
 * cannot see how selective the pattern is (after five runs PostgreSQL may keep one that reads every report of the
 * account in date order instead of the trigram index, docs/PERFORMANCE.md), so each search is planned for its own
 * pattern. It counts its matches by status in the same statement (the trigram index serves it).
 */
export async function listReportPage(
  db: Pick<Pool, 'query'>,
  userId: string,
  query: ReportPageQuery,
  searches: Pick<Pool, 'query'> = db,
): Promise<ReportPage> {
  const params: unknown[] = [userId];
  const matches = ['user_id = $1'];
  const search = query.search?.trim();
  if (search) {
    params.push(containsPattern(search));
    matches.push(`(name ILIKE $${params.length} OR company_name ILIKE $${params.length})`);
  }
  const where = [...matches];
  if (query.status) {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...SORT_KEYS[query.sort], 'id'].map((key) => `${key} ${direction}`).join(', ');
  params.push(query.limit, (query.page - 1) * query.limit);
  const counts = search
    ? `c.total, c.final
       FROM (SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'final'))::int AS final
               FROM reports WHERE ${matches.join(' AND ')}) c`
    : `coalesce(t.reports, 0) AS total, coalesce(t.final_reports, 0) AS final
       FROM (SELECT $1::uuid AS user_id) a LEFT JOIN account_report_totals t ON t.user_id = a.user_id`;
  const {
    rows: [row],
  } = await (search ? searches : db).query<{ data: string; total: number; final: number }>({
    name: `report-${search ? 'search' : 'page'}:${query.sort}:${direction}:${query.status ? 'status' : 'all'}`,
    // Each report's summary is stored as JSON text (migration ReportSummaries): the page joins 25 of them.
    // The balance depends on the return's other finals and its payments, so it is not stored with the summary: it
    // is computed for the page's reports only and written in before the summary's closing brace; so are the
    // amendment's number and the void, which read the return's other finals or came after the summary's fields.
    text: `WITH page AS (
       SELECT id, user_id, return_key, finalised_at, name, company_name, period, status, created_at, updated_at,
              tax_due, previous_due, penalty, interest, total_miles, summary, ${RECORD_COLUMNS}
         FROM reports r WHERE ${where.join(' AND ')}
        ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}
     )
     SELECT '[' || coalesce((
       SELECT string_agg(left(r.summary, -1) || ',' || substr(json_build_object(${BALANCE_JSON_FIELDS},
                           ${RECORD_JSON_FIELDS})::text, 2),
                         ',' ORDER BY ${orderBy})
         FROM (SELECT r.*, ${BALANCE_COLUMNS} FROM page r ${BALANCE_JOIN}) r), '') || ']' AS data,
            ${counts}`,
    values: params,
  });
  const all = { total: row.total, draft: row.total - row.final, final: row.final };
  return { data: row.data, matched: query.status ? all[query.status] : all.total, counts: narrowed(all, query.status) };
}

/**
 * The tiles count the filtered list, as the specification's report list does: the search and the status narrow
 * Total, Drafts and Final alike.
 */
function narrowed(counts: ReportPage['counts'], status: ReportStatus | undefined): ReportPage['counts'] {
  if (!status) return counts;
  return {
    total: counts[status],
    draft: status === 'draft' ? counts.draft : 0,
    final: status === 'final' ? counts.final : 0,
  };
}
