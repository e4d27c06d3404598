import type { Pool } from 'pg';
import type { ReportStatus } from './entities/report.entity.js';
import type { StateNetGallonsDto } from './dto/report-stats-response.dto.js';

/** docs/product-spec.md §9: a state is over- or under-purchased beyond 10 net gallons (strictly), and each list keeps 3. */
export const PURCHASE_THRESHOLD_GALLONS = 10;
export const TOP_STATES = 3;

/**
 * Every dashboard figure in one round trip, from the totals kept on write (report-totals.ts): the account's row and
 * its per-jurisdiction rows, a few dozen whatever the number of reports, plus the newest report through the
 * (user_id, created_at, id) index. Written as SQL so the dashboard never downloads every report's lines.
 *
 * - A report is a draft unless its status is 'final' (docs/product-spec.md §4: draft if status is draft or is_final is false;
 *   is_final is derived from status, so the two readings agree).
 * - average_mpg: the mean of average_mpg over the reports with positive MPG (kept as their sum and count). A report
 *   saved with MPG 0 has no fuel consumed at all (docs/product-spec.md §5), so it says nothing about the fleet's economy and would
 *   only drag the mean down. Rounded by PostgreSQL's round(numeric, 2), which rounds half away from zero like the
 *   app's money helper.
 * - Per-state sums (docs/product-spec.md §5 Dashboard analysis): the stored net_gallons of every line with positive taxable
 *   miles in a report with positive MPG, per jurisdiction by the line's canonical code ('Texas', 'tx'
 *   and 'TX' are one state, named by its code); summed over fuel types. numeric sums are exact.
 */
/**
 * Which reports the figures add up. `returns` (the default): one report per filed return, its latest final or else
 * its latest draft (return-groups.ts), so a draft and the final of the same quarter are not added together; a
 * worksheet report stands alone and always counts. `reports`: every report, as docs/product-spec.md §5 adds them.
 * The report counts (total, draft, final) count every report either way.
 */
export const STATS_BASES = ['returns', 'reports'] as const;
export type StatsBasis = (typeof STATS_BASES)[number];

const statsSql = (basis: StatsBasis): string => {
  const c = basis === 'returns' ? 'counted_' : '';
  return `
WITH account_totals AS (
  SELECT coalesce(sum(reports), 0)::int AS total_reports,
         coalesce(sum(final_reports), 0)::int AS final_reports,
         round(sum(${c}mpg_sum) / nullif(sum(${c}mpg_reports), 0), 2) AS average_mpg
  FROM account_report_totals
  WHERE user_id = $1
),
per_name AS (
  SELECT jurisdiction AS name, sum(${c}lines)::int AS lines,
         CASE WHEN sum(${c}net_lines) > 0 THEN sum(${c}net_gallons) END AS net_gallons
  FROM report_jurisdiction_totals
  WHERE user_id = $1
  GROUP BY jurisdiction
  HAVING sum(${c}lines) > 0
),
states AS (
  SELECT name, net_gallons FROM per_name WHERE net_gallons IS NOT NULL
),
latest AS (
  SELECT r.id, r.name, r.created_at, r.status, r.line_count AS jurisdiction_count
  FROM reports r
  WHERE r.user_id = $1
  ORDER BY r.created_at DESC, r.id DESC
  LIMIT 1
)
SELECT a.total_reports, a.total_reports - a.final_reports AS draft_reports, a.final_reports, a.average_mpg,
       (SELECT coalesce(sum(lines), 0)::int FROM per_name) AS total_jurisdictions,
       (SELECT count(*)::int FROM per_name) AS distinct_jurisdictions,
       (SELECT json_build_object('id', id, 'name', name, 'created_at', created_at, 'status', status,
                                 'jurisdiction_count', jurisdiction_count) FROM latest) AS latest_activity,
       (SELECT coalesce(json_agg(json_build_object('name', name, 'net_gallons', net_gallons)
                                 ORDER BY net_gallons, name), '[]') FROM states) AS state_net_gallons,
       (SELECT coalesce(json_agg(json_build_object('name', name, 'net_gallons', net_gallons)
                                 ORDER BY net_gallons, name), '[]')
          FROM (SELECT * FROM states WHERE net_gallons < -$2::numeric ORDER BY net_gallons, name LIMIT $3) o)
         AS overpurchase,
       (SELECT coalesce(json_agg(json_build_object('name', name, 'net_gallons', net_gallons)
                                 ORDER BY net_gallons DESC, name), '[]')
          FROM (SELECT * FROM states WHERE net_gallons > $2::numeric ORDER BY net_gallons DESC, name LIMIT $3) u)
         AS underpurchase
FROM account_totals a`;
};

/** The dashboard's statement, counting each filed return once. */
export const STATS_SQL = statsSql('returns');
const STATEMENTS: Record<StatsBasis, string> = { returns: STATS_SQL, reports: statsSql('reports') };

export interface StatsRow {
  total_reports: number;
  draft_reports: number;
  final_reports: number;
  average_mpg: string | null;
  total_jurisdictions: number;
  distinct_jurisdictions: number;
  latest_activity: {
    id: string;
    name: string;
    created_at: string;
    status: ReportStatus;
    jurisdiction_count: number;
  } | null;
  state_net_gallons: StateNetGallonsDto[];
  overpurchase: StateNetGallonsDto[];
  underpurchase: StateNetGallonsDto[];
}

export const statsParams = (userId: string): [string, number, number] => [
  userId,
  PURCHASE_THRESHOLD_GALLONS,
  TOP_STATES,
];

/**
 * A named (prepared) statement: PostgreSQL plans it once per connection instead of on every call; with the kept
 * totals the planning of this many CTEs is most of the statement's cost.
 */
export async function queryStats(
  db: Pick<Pool, 'query'>,
  userId: string,
  basis: StatsBasis = 'returns',
): Promise<StatsRow> {
  const { rows } = await db.query<StatsRow>({
    name: `report-stats-${basis}`,
    text: STATEMENTS[basis],
    values: statsParams(userId),
  });
  return rows[0];
}
