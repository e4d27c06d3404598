import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * IFTA's annual interest rate is the IRS underpayment rate plus 2 points (5% to 12% since 2013): a period above 25% a
 * year is a typing slip (50 for 0.50), and every late return would be charged it. The operator's route refuses one
 * with a 400; this keeps a row written straight into the table (the documented `INSERT INTO interest_rates` for a
 * year no period covers) to the same bounds. NOT VALID: a row the old bound let in stays readable for the operator to
 * correct in the console, rather than stopping the app from starting.
 */
export class InterestRateBounds1765500000000 implements MigrationInterface {
  name = 'InterestRateBounds1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE interest_rates DROP CONSTRAINT interest_rates_annual_rate_check`);
    await db.query(`ALTER TABLE interest_rates ADD CONSTRAINT interest_rates_annual_rate_check
      CHECK (annual_rate >= 0 AND annual_rate <= 0.25) NOT VALID`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE interest_rates DROP CONSTRAINT interest_rates_annual_rate_check`);
    await db.query(`ALTER TABLE interest_rates ADD CONSTRAINT interest_rates_annual_rate_check
      CHECK (annual_rate >= 0 AND annual_rate < 1)`);
  }
}
