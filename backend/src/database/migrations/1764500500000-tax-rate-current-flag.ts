import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each rate keeps whether it is the current one of its series, written on every write of the table, for
 * the tax-rate page. The spec's table shows a rate unless a later active rate of the same jurisdiction, fuel type and
 * kind supersedes it; asking that of each of 58 rows on every page (a NOT EXISTS probe a row) took the page from 43%
 * to 30% of the bare route. Now a page reads the rows marked current through a partial index.
 *
 * Triggers, not the saving code, keep the flag: the form, bulk activation, matrix imports, the seed of a new account,
 * SQL by hand and later migrations all write this table. They run once a statement (transition tables), so a seed
 * or import of hundreds of rows refreshes each touched series once. Each takes the account's rate lock first (the
 * same key as TaxRateHistoryRepository.lockAccount, which the app's writers already hold: advisory locks nest), and
 * PostgreSQL gives the refresh a fresh snapshot after the lock: the last writer of an account sees every committed
 * rate before it writes the flags, so two concurrent writers never leave a superseded rate marked current.
 * A refresh writes only `is_current`; the update trigger ignores changes to that column, so it does not recurse.
 */
export class TaxRateCurrentFlag1764500500000 implements MigrationInterface {
  name = 'TaxRateCurrentFlag1764500500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tax_rates ADD COLUMN is_current boolean NOT NULL DEFAULT true`);
    await db.query(`
      CREATE FUNCTION tax_rates_refresh_current(users uuid[], codes text[], fuels text[], kinds text[])
      RETURNS void LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('tax_rates:' || account::text, 0))
          FROM (SELECT DISTINCT account FROM unnest(users) AS account ORDER BY account) accounts;
        UPDATE tax_rates t SET is_current = f.current
        FROM (SELECT r.id,
                     NOT r.is_active OR r.effective_date >= max(r.effective_date) FILTER (WHERE r.is_active)
                       OVER (PARTITION BY r.user_id, upper(r.abbreviation), r.fuel_type, r.kind) AS current
              FROM tax_rates r
              JOIN (SELECT DISTINCT * FROM unnest(users, codes, fuels, kinds) AS s(user_id, code, fuel_type, kind)) s
                ON r.user_id = s.user_id AND upper(r.abbreviation) = s.code
               AND r.fuel_type = s.fuel_type AND r.kind = s.kind) f
        WHERE t.id = f.id AND t.is_current IS DISTINCT FROM f.current;
      END
      $fn$`);
    await db.query(`
      CREATE FUNCTION tax_rates_mark_current() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
        ELSE
          -- Only rows whose series, activity or date changed; a series a row left is refreshed as well as the one
          -- it joined.
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
            INTO users, codes, fuels, kinds FROM series;
        END IF;
        IF users IS NOT NULL THEN
          PERFORM tax_rates_refresh_current(users, codes, fuels, kinds);
        END IF;
        RETURN NULL;
      END
      $fn$`);
    await db.query(`CREATE TRIGGER tax_rates_current_on_insert AFTER INSERT ON tax_rates
                      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tax_rates_mark_current()`);
    await db.query(`CREATE TRIGGER tax_rates_current_on_update AFTER UPDATE ON tax_rates
                      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION tax_rates_mark_current()`);
    await db.query(`CREATE TRIGGER tax_rates_current_on_delete AFTER DELETE ON tax_rates
                      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tax_rates_mark_current()`);
    // Rates written before this migration: every series once.
    await db.query(`
      UPDATE tax_rates t SET is_current = f.current
      FROM (SELECT id, NOT is_active OR effective_date >= max(effective_date) FILTER (WHERE is_active)
                     OVER (PARTITION BY user_id, upper(abbreviation), fuel_type, kind) AS current
            FROM tax_rates) f
      WHERE t.id = f.id AND t.is_current IS DISTINCT FROM f.current`);
    // The page of the spec's table: one account's current rates of one fuel type and kind, in name order. It
    // replaces the index of every rate in that order (TaxRatePageIndex): a history page filters by quarter and reads
    // tax_rates_user_fuel_date.
    await db.query('DROP INDEX tax_rates_user_fuel_kind_name');
    await db.query(`CREATE INDEX tax_rates_current_page ON tax_rates (user_id, fuel_type, kind, lower(name))
                      WHERE is_current`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX tax_rates_current_page');
    await db.query(`CREATE INDEX tax_rates_user_fuel_kind_name ON tax_rates (user_id, fuel_type, kind, lower(name))`);
    await db.query('DROP TRIGGER tax_rates_current_on_delete ON tax_rates');
    await db.query('DROP TRIGGER tax_rates_current_on_update ON tax_rates');
    await db.query('DROP TRIGGER tax_rates_current_on_insert ON tax_rates');
    await db.query('DROP FUNCTION tax_rates_mark_current()');
    await db.query('DROP FUNCTION tax_rates_refresh_current(uuid[], text[], text[], text[])');
    await db.query('ALTER TABLE tax_rates DROP COLUMN is_current');
  }
}
