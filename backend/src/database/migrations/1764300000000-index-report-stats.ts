import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Covering indexes for GET /api/protected/reports/stats: both lead with user_id, and carry every column the
 * query reads, so the account's reports and lines come out of the indexes alone (index-only scans, no heap visit)
 * and other accounts' rows are never touched. The lines index replaces (user_id, report_id), which it serves just
 * as well for loading one report's lines.
 */
export class IndexReportStats1764300000000 implements MigrationInterface {
  name = 'IndexReportStats1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX reports_user_stats ON reports (user_id, id) INCLUDE (average_mpg, status)`);
    await db.query(
      `CREATE INDEX report_jurisdictions_user_report_stats ON report_jurisdictions (user_id, report_id)
         INCLUDE (name, taxable_miles, net_gallons)`,
    );
    await db.query(`DROP INDEX report_jurisdictions_user_report`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX report_jurisdictions_user_report ON report_jurisdictions (user_id, report_id)`);
    await db.query(`DROP INDEX report_jurisdictions_user_report_stats`);
    await db.query(`DROP INDEX reports_user_stats`);
  }
}
