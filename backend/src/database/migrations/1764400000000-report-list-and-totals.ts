import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 58 IFTA members as this migration found them in backend/src/ifta/jurisdictions.ts. Written out, not imported:
 * a migration is a snapshot, and report_stats_key() must keep answering what the totals below were keyed by.
 */
const MEMBERS: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The reports list is paged, searched and sorted by PostgreSQL, and the dashboard's figures are kept on
 * write instead of aggregated over every line on every read.
 *
 * - One btree per sort field of the list, each (user_id, field, id): the id is the list's tie-break, and a backward
 *   scan serves the descending order. Status gets (user_id, status, created_at, id) for the status filter under the
 *   default order. A pg_trgm GIN index serves the case-insensitive substring search on name and company; without
 *   fastupdate, because its pending list (new rows not yet merged until a vacuum) is read in full by every search:
 *   right after 10,000 creates a search took 200 ms instead of under 1 ms.
 * - report_stats_key(name): the key a line's totals are kept under, the member's code for a member named by code
 *   or name in any case (findIftaJurisdiction's rule), else the line's own name (custom tax-rate names).
 * - account_report_totals and report_jurisdiction_totals: the kept totals, updated by the reports service in the
 *   transaction of each create, update and delete (backend/src/reports/report-totals.ts), backfilled here.
 */
export class ReportListAndTotals1764400000000 implements MigrationInterface {
  name = 'ReportListAndTotals1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE INDEX reports_user_created_id ON reports (user_id, created_at, id)`);
    await db.query(`DROP INDEX reports_user_created`);
    await db.query(`CREATE INDEX reports_user_updated_id ON reports (user_id, updated_at, id)`);
    await db.query(`CREATE INDEX reports_user_name_id ON reports (user_id, lower(name), id)`);
    await db.query(`CREATE INDEX reports_user_company_id ON reports (user_id, lower(company_name), id)`);
    await db.query(`CREATE INDEX reports_user_period_id ON reports (user_id, period, id)`);
    await db.query(`CREATE INDEX reports_user_status_created_id ON reports (user_id, status, created_at, id)`);
    await db.query(`CREATE INDEX reports_user_tax_due_id ON reports (user_id, tax_due, id)`);
    await db.query(`CREATE INDEX reports_user_total_miles_id ON reports (user_id, total_miles, id)`);
    await db.query(
      `CREATE INDEX reports_search_trgm ON reports USING gin (name gin_trgm_ops, company_name gin_trgm_ops)
         WITH (fastupdate = off)`,
    );

    const cases = MEMBERS.flatMap(([code, name]) => [
      `WHEN ${quote(code.toLowerCase())} THEN ${quote(code)}`,
      `WHEN ${quote(name.toLowerCase())} THEN ${quote(code)}`,
    ]).join(' ');
    await db.query(`
      CREATE FUNCTION report_stats_key(line_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE lower(regexp_replace(btrim(line_name), '\\s+', ' ', 'g')) ${cases} ELSE btrim(line_name) END
      $$`);

    await db.query(`
      CREATE TABLE account_report_totals (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        reports integer NOT NULL DEFAULT 0,
        final_reports integer NOT NULL DEFAULT 0,
        mpg_reports integer NOT NULL DEFAULT 0,
        mpg_sum numeric(20,2) NOT NULL DEFAULT 0,
        lines integer NOT NULL DEFAULT 0
      )`);
    // lines: every line under the key; net_lines and net_gallons: only the lines with positive taxable miles in a
    // report with positive MPG (docs/product-spec.md §5 Dashboard analysis). Rows that drop to zero stay: reads skip them.
    await db.query(`
      CREATE TABLE report_jurisdiction_totals (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        jurisdiction varchar(100) NOT NULL,
        fuel_type varchar(20) NOT NULL DEFAULT 'diesel',
        lines integer NOT NULL DEFAULT 0,
        net_lines integer NOT NULL DEFAULT 0,
        net_gallons numeric(20,3) NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, jurisdiction, fuel_type)
      )`);

    await db.query(`
      INSERT INTO account_report_totals (user_id, reports, final_reports, mpg_reports, mpg_sum, lines)
      SELECT r.user_id, count(*), count(*) FILTER (WHERE r.status = 'final'), count(*) FILTER (WHERE r.average_mpg > 0),
             coalesce(sum(r.average_mpg) FILTER (WHERE r.average_mpg > 0), 0),
             coalesce(sum((SELECT count(*) FROM report_jurisdictions j WHERE j.report_id = r.id)), 0)
        FROM reports r GROUP BY r.user_id`);
    await db.query(`
      INSERT INTO report_jurisdiction_totals (user_id, jurisdiction, fuel_type, lines, net_lines, net_gallons)
      SELECT j.user_id, report_stats_key(j.name), 'diesel', count(*),
             count(*) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0),
             coalesce(sum(j.net_gallons) FILTER (WHERE j.taxable_miles > 0 AND r.average_mpg > 0), 0)
        FROM report_jurisdictions j JOIN reports r ON r.id = j.report_id
       GROUP BY j.user_id, report_stats_key(j.name)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE report_jurisdiction_totals`);
    await db.query(`DROP TABLE account_report_totals`);
    await db.query(`DROP FUNCTION report_stats_key(text)`);
    await db.query(`DROP INDEX reports_search_trgm`);
    for (const index of ['updated', 'name', 'company', 'period', 'tax_due', 'total_miles']) {
      await db.query(`DROP INDEX reports_user_${index}_id`);
    }
    await db.query(`DROP INDEX reports_user_status_created_id`);
    await db.query(`CREATE INDEX reports_user_created ON reports (user_id, created_at DESC)`);
    await db.query(`DROP INDEX reports_user_created_id`);
  }
}
