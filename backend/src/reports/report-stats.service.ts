import { Injectable } from '@nestjs/common';
import type { LatestActivityDto, ReportStatsResponseDto } from './dto/report-stats-response.dto.js';
import { STATS_SQL, type StatsBasis, type StatsRow, statsParams } from './report-stats.queries.js';
import { ReportsRepository } from './reports.repository.js';

/** The dashboard's figures (report-stats.queries.ts says how each is computed). */
@Injectable()
export class ReportStatsService {
  constructor(private readonly repository: ReportsRepository) {}

  /** The statement the endpoint runs, exposed so the benchmark can EXPLAIN exactly it. */
  static readonly sql = STATS_SQL;
  static params(userId: string): [string, number, number] {
    return statsParams(userId);
  }

  async forAccount(userId: string, basis: StatsBasis = 'returns'): Promise<ReportStatsResponseDto> {
    const row = await this.repository.stats(userId, basis);
    return {
      total_reports: row.total_reports,
      draft_reports: row.draft_reports,
      final_reports: row.final_reports,
      total_jurisdictions: row.total_jurisdictions,
      distinct_jurisdictions: row.distinct_jurisdictions,
      average_mpg: row.average_mpg === null ? 0 : Number(row.average_mpg),
      latest_activity: row.latest_activity && toLatest(row.latest_activity),
      // json numbers of exact numeric sums: JSON.parse reads them as the nearest double, fine at 3 decimals.
      state_net_gallons: row.state_net_gallons,
      overpurchase: row.overpurchase,
      underpurchase: row.underpurchase,
    };
  }
}

function toLatest(latest: NonNullable<StatsRow['latest_activity']>): LatestActivityDto {
  return {
    id: latest.id,
    name: latest.name,
    // json_build_object writes timestamptz in the session's ISO style; Date normalises it to the API's UTC form.
    created_at: new Date(latest.created_at).toISOString(),
    status: latest.status,
    is_final: latest.status === 'final',
    jurisdiction_count: latest.jurisdiction_count,
  };
}
