import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The test seed's one statement (see ReportSeedController): a fleet's history in one round trip. */
@Injectable()
export class ReportSeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async seed(userId: string, count: number): Promise<void> {
    await this.dataSource.query(
      `WITH moved AS (
           UPDATE reports SET created_at = created_at - interval '30 days' WHERE user_id = $1 RETURNING 1
         ), seeded AS (
           INSERT INTO reports (user_id, name, company_name, average_mpg, status, total_miles, tax_due, created_at)
           SELECT $1, 'Seed report ' || i, 'Seed Freight LLC', 0, CASE WHEN i % 3 = 0 THEN 'final' ELSE 'draft' END,
                  i, 0, now() - i * interval '1 second'
             FROM generate_series(1, $2::int) AS i
           RETURNING status
         )
         INSERT INTO account_report_totals AS t (user_id, reports, final_reports)
         SELECT $1, count(*), count(*) FILTER (WHERE status = 'final') FROM seeded
         WHERE (SELECT count(*) FROM moved) >= 0
         ON CONFLICT (user_id) DO UPDATE SET reports = t.reports + excluded.reports,
           final_reports = t.final_reports + excluded.final_reports`,
      [userId, count],
    );
  }
}
