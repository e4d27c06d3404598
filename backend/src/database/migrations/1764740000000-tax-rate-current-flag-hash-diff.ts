import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The update trigger that keeps `is_current` found the rows an UPDATE moved by joining its old and new transition
 * tables on id. PostgreSQL keeps no statistics on transition tables and plans that join as a nested loop, so an
 * UPDATE of n rows compared n² pairs: publishing an official matrix to 21 accounts (13,062 rows, whose flags the
 * insert trigger then rewrites in one UPDATE) spent 17 s there, and 100 accounts 5½ minutes. The moved rows are now
 * the two set differences of (id, series, activity, date) between old and new rows, which PostgreSQL computes by
 * hashing or sorting: the same rows (EXCEPT compares NULLs as equal, as IS DISTINCT FROM does), in linear time.
 */
export class TaxRateCurrentFlagHashDiff1764740000000 implements MigrationInterface {
  name = 'TaxRateCurrentFlagHashDiff1764740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      markCurrent(`
          WITH old_state AS (
            SELECT id, user_id, upper(abbreviation) AS code, fuel_type::text AS fuel_type, kind::text AS kind,
                   is_active, effective_date
            FROM old_rows
          ), new_state AS (
            SELECT id, user_id, upper(abbreviation) AS code, fuel_type::text AS fuel_type, kind::text AS kind,
                   is_active, effective_date
            FROM new_rows
          ), series AS (
            SELECT user_id, code, fuel_type, kind FROM (SELECT * FROM old_state EXCEPT SELECT * FROM new_state) left_series
            UNION SELECT user_id, code, fuel_type, kind FROM (SELECT * FROM new_state EXCEPT SELECT * FROM old_state) joined_series
          )
          SELECT array_agg(user_id), array_agg(code), array_agg(fuel_type), array_agg(kind)
            INTO users, codes, fuels, kinds FROM series;`),
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      markCurrent(`
          WITH moved AS (
            SELECT o.user_id AS old_user, upper(o.abbreviation) AS old_code, o.fuel_type::text AS old_fuel,
                   o.kind::text AS old_kind, n.user_id AS new_user, upper(n.abbreviation) AS new_code,
                   n.fuel_type::text AS new_fuel, n.kind::text AS new_kind
            FROM old_rows o JOIN new_rows n USING (id)
            WHERE (o.user_id, upper(o.abbreviation), o.fuel_type, o.kind, o.is_active, o.effective_date)
                  IS DISTINCT FROM (n.user_id, upper(n.abbreviation), n.fuel_type, n.kind, n.is_active, n.effective_date)
          ), series AS (
            SELECT old_user AS user_id, old_code AS code, old_fuel AS fuel_type, old_kind AS kind FROM moved
            UNION SELECT new_user, new_code, new_fuel, new_kind FROM moved
          )
          SELECT array_agg(user_id), array_agg(code), array_agg(fuel_type), array_agg(kind)
            INTO users, codes, fuels, kinds FROM series;`),
    );
  }
}

/** The trigger function, with `updatedSeries` finding the series an UPDATE touched (a row that left one and joined another touches both). */
const markCurrent = (updatedSeries: string) => `
      CREATE OR REPLACE FUNCTION tax_rates_mark_current() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        users uuid[];
        codes text[];
        fuels text[];
        kinds text[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(user_id), array_agg(upper(abbreviation)), array_agg(fuel_type::text), array_agg(kind::text)
            INTO users, codes, fuels, kinds FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(user_id), array_agg(upper(abbreviation)), array_agg(fuel_type::text), array_agg(kind::text)
            INTO users, codes, fuels, kinds FROM old_rows;
        ELSE${updatedSeries}
        END IF;
        IF users IS NOT NULL THEN
          PERFORM tax_rates_refresh_current(users, codes, fuels, kinds);
        END IF;
        RETURN NULL;
      END
      $fn$`;
