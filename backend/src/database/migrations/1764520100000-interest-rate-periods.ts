import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * IFTA's late-interest rate is published by period, not only by calendar year: 12% a year until 30 June 2013 and 5%
 * a year from 1 July 2013 to December 2016 (California CDTFA's published IFTA interest table), then a rate per year
 * (docs/ifta-domain.md, "Late returns"). Each row is now a period, both ends included, with its source; the yearly
 * rows become January-to-December periods. A day no period covers still has no rate: such interest stays flagged.
 */
export class InterestRatePeriods1764520100000 implements MigrationInterface {
  name = 'InterestRatePeriods1764520100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE interest_rates ADD COLUMN effective_from date, ADD COLUMN effective_to date,
      ADD COLUMN source varchar(200)`);
    await db.query(`UPDATE interest_rates SET effective_from = make_date(year, 1, 1),
      effective_to = make_date(year, 12, 31),
      source = 'IFTA R1230: IRS underpayment rate + 2 points (docs/ifta-domain.md)'`);
    await db.query(`ALTER TABLE interest_rates DROP CONSTRAINT interest_rates_pkey`);
    await db.query(`ALTER TABLE interest_rates DROP COLUMN year`);
    await db.query(`ALTER TABLE interest_rates ALTER COLUMN effective_from SET NOT NULL,
      ALTER COLUMN effective_to SET NOT NULL, ALTER COLUMN source SET NOT NULL`);
    await db.query(`ALTER TABLE interest_rates ADD CONSTRAINT interest_rates_pkey PRIMARY KEY (effective_from),
      ADD CONSTRAINT interest_rates_period_check CHECK (effective_to >= effective_from)`);
    await db.query(`INSERT INTO interest_rates (effective_from, effective_to, annual_rate, source) VALUES
      ('2013-01-01', '2013-06-30', 0.12, 'CDTFA published IFTA interest table: 1% a month before July 2013'),
      ('2013-07-01', '2016-12-31', 0.05, 'CDTFA published IFTA interest table: 5% a year, July 2013 to December 2016')
      ON CONFLICT (effective_from) DO NOTHING`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM interest_rates
      WHERE extract(month FROM effective_from) <> 1 OR extract(day FROM effective_from) <> 1
        OR effective_to <> make_date(extract(year FROM effective_from)::int, 12, 31)`);
    await db.query(`ALTER TABLE interest_rates ADD COLUMN year integer`);
    await db.query(`UPDATE interest_rates SET year = extract(year FROM effective_from)::int`);
    await db.query(`ALTER TABLE interest_rates DROP CONSTRAINT interest_rates_pkey,
      DROP CONSTRAINT interest_rates_period_check`);
    await db.query(`ALTER TABLE interest_rates DROP COLUMN effective_from, DROP COLUMN effective_to,
      DROP COLUMN source`);
    await db.query(`ALTER TABLE interest_rates ALTER COLUMN year SET NOT NULL,
      ADD CONSTRAINT interest_rates_pkey PRIMARY KEY (year),
      ADD CONSTRAINT interest_rates_year_check CHECK (year BETWEEN 2000 AND 2099)`);
  }
}
