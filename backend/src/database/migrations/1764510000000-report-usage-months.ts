import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many reports each account made or rewrote in each calendar month: the number the monthly cap is checked
 * against. A create or a rewrite that counts adds one with `used = used + 1 WHERE used < cap` in its own statement,
 * so concurrent saves queue on the account's row and the last one under the cap is the last one accepted; reading
 * `count(*)` of `report_usage` before the insert let twenty saves at once all see room. Filled from `report_usage`,
 * whose rows it counts.
 */
export class ReportUsageMonths1764510000000 implements MigrationInterface {
  name = 'ReportUsageMonths1764510000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE report_usage_months (
         user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         month date NOT NULL,
         used integer NOT NULL CHECK (used >= 0),
         PRIMARY KEY (user_id, month)
       )`,
    );
    await db.query(
      `INSERT INTO report_usage_months (user_id, month, used)
       SELECT user_id, month, count(*) FROM report_usage GROUP BY user_id, month`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE report_usage_months`);
  }
}
