import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports list sorted by period in calendar order. Periods are text (Q3-2026, or a month 2026-07), so sorting the
 * text put Q1-2027 before Q2-2026. The sort key writes a quarter as its year and first month with a mark after it
 * ('2026-07~') and a month as it is; the index on it serves the sort as the plain period's index did.
 * The same expression is in reports/report-list-page.ts (PERIOD_ORDER): an index serves only the expression it holds.
 */
const PERIOD_ORDER = `(CASE WHEN period ~ '^Q[1-4]-[0-9]{4}$'
  THEN right(period, 4) || '-' || lpad(((substr(period, 2, 1)::int - 1) * 3 + 1)::text, 2, '0') || '~'
  ELSE period END)`;

export class ReportPeriodOrder1764790000000 implements MigrationInterface {
  name = 'ReportPeriodOrder1764790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX reports_user_period_order_id ON reports (user_id, ${PERIOD_ORDER}, id)`);
    await db.query('DROP INDEX reports_user_period_id');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX reports_user_period_id ON reports (user_id, period, id)');
    await db.query('DROP INDEX reports_user_period_order_id');
  }
}
