import type { Pool } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type CalculationMode,
  isNoTaxDue,
  type MpgSource,
  newestQuarter,
  totalToRemit,
  ZERO_TAX_THRESHOLD,
} from '../ifta/index.js';
import type { ReportJurisdictionResponseDto, ReportResponseDto } from './dto/report-response.dto.js';
import type { ReportStatus } from './entities/report.entity.js';
import type { AmendmentDifferenceJson } from './return-billing.js';
import type { FuelSchedule } from './fuel-schedule.js';
import { totalsDeltaCtes } from './report-totals.js';
import {
  BALANCE_COLUMNS,
  BALANCE_JOIN,
  BALANCE_JSON_FIELDS,
  balanceOf,
  NO_BALANCE,
  type RawBalance,
  remitSql,
} from './return-balance.js';
import { claimUsageCte, usageMonth } from './report-usage.js';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';
import { queryPrepared } from '../database/prepared-statements.js';

/**
 * Over a row r of reports: an amendment's number (its place among its return's finals after the original, voided
 * ones kept in the count so a number never changes hands), whether the report is its return's return of record, and
 * its void. An amendment whose earlier finals were all deleted still reads as Amendment 1.
 */
export const RECORD_COLUMNS = `CASE WHEN r.status = 'final' AND r.amended THEN greatest(1, (
    SELECT count(*)::int FROM reports o
     WHERE o.user_id = r.user_id AND o.return_key = r.return_key AND o.status = 'final'
       AND (o.finalised_at, o.id) < (r.finalised_at, r.id))) END AS amendment_number,
  (r.status = 'final' AND r.return_key IS NOT NULL AND r.superseded_by_id IS NULL AND r.voided_at IS NULL)
    AS return_of_record,
  ${isoTimestamp('r.voided_at')} AS voided_at, r.void_reason`;

/** The RECORD_COLUMNS fields of the report JSON, over a row that selected them as `r`. */
export const RECORD_JSON_FIELDS = `'amendment_number', r.amendment_number, 'return_of_record', r.return_of_record,
  'voided', r.voided_at IS NOT NULL, 'voided_at', r.voided_at, 'void_reason', r.void_reason`;

/**
 * The reports' hot paths in hand-written SQL (as the tax-rate list): a report and its rows come back in one
 * statement, the rows already as JSON built by PostgreSQL, and a new report is written in one statement. Through
 * the ORM a page of 25 reports cost two queries and ~100 entity hydrations, and a create of 58 rows seven round
 * trips; `npm run bench` shows the difference (docs/PERFORMANCE.md).
 */
const REPORT_COLUMNS = `r.id, r.name, r.company_name, r.license_number, r.tax_period, r.period, r.average_mpg, r.status,
  r.created_at, r.updated_at, r.total_miles, r.taxable_miles, r.gallons_purchased, r.gallons_consumed,
  r.net_gallons, r.tax_due, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
  to_char(r.filed_at, 'YYYY-MM-DD') AS filed_at, r.penalty, r.interest, r.interest_rate_missing,
  r.calculation_mode, r.mpg_source, r.fleet_mpg, r.non_tax_paid_gallons, r.surcharge_due, r.schedules,
  r.amended, r.amends_id, r.superseded_by_id, r.previous_due, r.amendment_difference, ${RECORD_COLUMNS}`;

/** numeric columns inside json_build_object come out as JSON numbers, so the rows need no conversion. */
const ROWS_JSON = `coalesce((
  SELECT json_agg(json_build_object(
    'name', j.name, 'code', j.code, 'fuel_type', j.fuel_type, 'total_miles', j.total_miles, 'taxable_miles', j.taxable_miles,
    'gallons_purchased', j.gallons_purchased, 'tax_rate', j.tax_rate, 'gallons_consumed', j.gallons_consumed,
    'net_gallons', j.net_gallons, 'tax_due', j.tax_due, 'non_tax_paid_gallons', j.non_tax_paid_gallons,
    'surcharge_rate', j.surcharge_rate, 'surcharge_due', j.surcharge_due, 'rate_source', j.rate_source, 'rate_from', to_char(j.rate_from, 'YYYY-MM-DD'))
    ORDER BY j.position)
  FROM report_jurisdictions j WHERE j.report_id = r.id AND j.user_id = r.user_id), '[]'::json) AS jurisdictions`;

interface RawReport extends Partial<RawBalance> {
  id: string;
  name: string;
  company_name: string;
  license_number: string;
  tax_period: string;
  period: string;
  average_mpg: string;
  status: ReportStatus;
  created_at: Date;
  updated_at: Date;
  total_miles: string;
  taxable_miles: string;
  gallons_purchased: string;
  gallons_consumed: string;
  net_gallons: string;
  tax_due: string;
  due_date: string | null;
  filed_at: string | null;
  penalty: string | null;
  interest: string | null;
  interest_rate_missing: boolean;
  calculation_mode: CalculationMode;
  mpg_source: MpgSource | null;
  fleet_mpg: string | null;
  non_tax_paid_gallons: string;
  surcharge_due: string;
  schedules: FuelSchedule[];
  amended: boolean;
  amends_id: string | null;
  superseded_by_id: string | null;
  previous_due: string | null;
  amendment_difference: AmendmentDifferenceJson | null;
  amendment_number: number | null;
  return_of_record: boolean;
  voided_at: string | null;
  void_reason: string | null;
  jurisdictions: ReportJurisdictionResponseDto[];
}

const moneyOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

function toResponse(raw: RawReport): ReportResponseDto {
  const taxDue = Number(raw.tax_due);
  return {
    id: raw.id,
    _id: raw.id,
    name: raw.name,
    company_name: raw.company_name,
    license_number: raw.license_number,
    tax_period: raw.tax_period,
    period: raw.period,
    average_mpg: Number(raw.average_mpg),
    calculation_mode: raw.calculation_mode,
    mpg_source: raw.mpg_source,
    fleet_mpg: raw.fleet_mpg === null ? null : Number(raw.fleet_mpg),
    status: raw.status,
    is_final: raw.status === 'final',
    created_at: raw.created_at.toISOString(),
    updated_at: raw.updated_at.toISOString(),
    due_date: raw.due_date,
    filed_at: raw.filed_at,
    penalty: moneyOrNull(raw.penalty),
    interest: moneyOrNull(raw.interest),
    interest_rate_missing: raw.interest_rate_missing,
    total_to_remit: Number(totalToRemit(raw.tax_due, raw.penalty, raw.interest, raw.previous_due)),
    schedules: raw.schedules,
    rates_provisional_from: newestQuarter(raw.schedules.map((schedule) => schedule.rates_provisional_from)),
    amended: raw.amended,
    amends_id: raw.amends_id,
    superseded_by_id: raw.superseded_by_id,
    superseded: raw.superseded_by_id !== null,
    difference: raw.amendment_difference,
    amendment_number: raw.amendment_number,
    return_of_record: raw.return_of_record,
    voided: raw.voided_at !== null,
    voided_at: raw.voided_at,
    void_reason: raw.void_reason,
    // A row read without BALANCE_JOIN (a report just inserted) has no balance yet; the service adds a final's.
    ...(raw.balance_settlement === undefined ? NO_BALANCE : balanceOf(raw as RawBalance)),
    jurisdictions: raw.jurisdictions,
    totals: {
      total_miles: Number(raw.total_miles),
      taxable_miles: Number(raw.taxable_miles),
      gallons_purchased: Number(raw.gallons_purchased),
      gallons_consumed: Number(raw.gallons_consumed),
      net_gallons: Number(raw.net_gallons),
      tax_due: taxDue,
      surcharge_due: Number(raw.surcharge_due),
      non_tax_paid_gallons: Number(raw.non_tax_paid_gallons),
      is_no_tax_due: isNoTaxDue(taxDue),
    },
  };
}

/**
 * A report with its lines as one JSON object built by PostgreSQL, over a row `r` of the selected columns
 * (REPORT_COLUMNS and ROWS_JSON): field for field the shape of ReportResponseDto, so the list's array and the detail
 * send PostgreSQL's text as it is, without parsing and serialising it again in Node.
 */
const REPORT_JSON = `json_build_object(
       'id', r.id, '_id', r.id, 'name', r.name, 'company_name', r.company_name, 'license_number', r.license_number,
       'tax_period', r.tax_period, 'period', r.period, 'average_mpg', r.average_mpg,
       'calculation_mode', r.calculation_mode, 'mpg_source', r.mpg_source, 'fleet_mpg', r.fleet_mpg,
       'status', r.status,
       'is_final', r.status = 'final',
       'created_at', ${isoTimestamp('r.created_at')},
       'updated_at', ${isoTimestamp('r.updated_at')},
       'due_date', r.due_date, 'filed_at', r.filed_at, 'penalty', r.penalty, 'interest', r.interest,
       'interest_rate_missing', r.interest_rate_missing,
       -- numeric arithmetic: exact, as totalToRemit computes it for the other views; an amendment pays the difference.
       'total_to_remit', ${remitSql('r')},
       'schedules', r.schedules,
       'rates_provisional_from', (SELECT s->>'rates_provisional_from' FROM jsonb_array_elements(r.schedules) s
         WHERE s->>'rates_provisional_from' IS NOT NULL
         ORDER BY right(s->>'rates_provisional_from', 4) DESC, s->>'rates_provisional_from' DESC LIMIT 1),
       'amended', r.amended, 'amends_id', r.amends_id, 'superseded_by_id', r.superseded_by_id,
       'superseded', r.superseded_by_id IS NOT NULL,
       'difference', r.amendment_difference,
       ${RECORD_JSON_FIELDS},
       ${BALANCE_JSON_FIELDS},
       'jurisdictions', r.jurisdictions,
       'totals', json_build_object(
         'total_miles', r.total_miles, 'taxable_miles', r.taxable_miles, 'gallons_purchased', r.gallons_purchased,
         'gallons_consumed', r.gallons_consumed, 'net_gallons', r.net_gallons, 'tax_due', r.tax_due,
         'surcharge_due', r.surcharge_due, 'non_tax_paid_gallons', r.non_tax_paid_gallons,
         'is_no_tax_due', abs(r.tax_due) < ${ZERO_TAX_THRESHOLD}))`;

/**
 * A page of the account's reports with their rows, newest first, as the JSON text of the response, built by
 * PostgreSQL. The list answers every
 * report with all its rows, so its cost is bytes: parsing PostgreSQL's JSON only to serialise it again was most of
 * the CPU of a page (docs/PERFORMANCE.md). Field for field the shape of ReportResponseDto.
 */
export async function listReportsJson(
  db: EntityManager,
  userId: string,
  limit: number,
  offset: number,
): Promise<string> {
  const [{ body }] = (await db.query(
    `SELECT coalesce(json_agg(${REPORT_JSON}
       ORDER BY r.created_at DESC, r.id DESC), '[]'::json)::text AS body
     FROM (SELECT r.*, ${BALANCE_COLUMNS}
             FROM (SELECT ${REPORT_COLUMNS}, ${ROWS_JSON}, r.user_id, r.return_key, r.finalised_at FROM reports r
                    WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3) r
             ${BALANCE_JOIN}) r`,
    [userId, limit, offset],
  )) as Array<{ body: string }>;
  return body;
}

/** One report of the account with its rows, or undefined. */
export async function findReport(
  db: Pick<Pool, 'query'>,
  userId: string,
  id: string,
): Promise<ReportResponseDto | undefined> {
  // A named statement on the pg pool: planned once per connection, as the stats statement is.
  const {
    rows: [row],
  } = await db.query<RawReport>({
    name: 'report-find',
    text: `SELECT ${REPORT_COLUMNS}, ${ROWS_JSON}, ${BALANCE_COLUMNS} FROM reports r ${BALANCE_JOIN}
            WHERE r.user_id = $1 AND r.id = $2`,
    values: [userId, id],
  });
  return row && toResponse(row);
}

/**
 * One report of the account with its rows as the JSON text of the response (REPORT_JSON), or undefined. The detail
 * is the hottest read after the list page; sending PostgreSQL's text saves parsing its JSON and serialising the
 * report again (docs/PERFORMANCE.md).
 */
export async function findReportJson(db: Pick<Pool, 'query'>, userId: string, id: string): Promise<string | undefined> {
  const {
    rows: [row],
  } = await db.query<{ body: string }>({
    name: 'report-find-json',
    text: `SELECT ${REPORT_JSON}::text AS body
             FROM (SELECT ${REPORT_COLUMNS}, ${ROWS_JSON}, ${BALANCE_COLUMNS} FROM reports r ${BALANCE_JOIN}
                    WHERE r.user_id = $1 AND r.id = $2) r`,
    values: [userId, id],
  });
  return row?.body;
}

/** Runs one statement: prepared on the pool, or in the caller's transaction. */
export type RunStatement = (text: string, values: unknown[]) => Promise<unknown[]>;

/** A statement runner over the pool that prepares each statement once per connection. */
export const preparedRunner =
  (db: DataSource): RunStatement =>
  (text, values) =>
    queryPrepared(db, text, values);

export interface ComputedReport {
  report: {
    name: string;
    company_name: string;
    license_number: string;
    tax_period: string;
    period: string;
    average_mpg: number;
    status: ReportStatus;
    total_miles: number;
    taxable_miles: number;
    gallons_purchased: number;
    gallons_consumed: number;
    net_gallons: number;
    tax_due: number;
    due_date: string | null;
    filed_at: string | null;
    penalty: number | null;
    interest: number | null;
    interest_rate_missing: boolean;
    calculation_mode: CalculationMode;
    mpg_source: MpgSource | null;
    fleet_mpg: number | null;
    non_tax_paid_gallons: number;
    surcharge_due: number;
    schedules: FuelSchedule[];
  };
  rows: Array<ReportJurisdictionResponseDto & { position: number }>;
}

/**
 * Inserts the report and all its rows in one statement (a data-modifying CTE is atomic on its own), adds them to
 * the kept totals and counts it in the month's usage meter in the same statement (report-totals.ts, report-usage.ts),
 * and answers the saved report, built from what was written and the generated id and timestamps. One statement
 * and no transaction around it: BEGIN, a second INSERT and COMMIT were three of a create's round trips. The report
 * is written only when the month has room under `cap` (null: no cap), claimed first in the same statement;
 * undefined when it had none and nothing was written.
 */
export async function insertReport(
  run: RunStatement,
  userId: string,
  computed: ComputedReport,
  now: Date,
  cap: number | null,
  returnKey: string | null,
): Promise<ReportResponseDto | undefined> {
  const r = computed.report;
  const [saved] = (await run(
    `WITH claimed AS (${claimUsageCte('$1', '$28', '$29')}), report AS (
       INSERT INTO reports (user_id, name, company_name, license_number, tax_period, period, average_mpg, status,
                            total_miles, taxable_miles, gallons_purchased, gallons_consumed, net_gallons, tax_due,
                            due_date, filed_at, penalty, interest, interest_rate_missing,
                            calculation_mode, mpg_source, fleet_mpg, non_tax_paid_gallons, surcharge_due, schedules,
                            line_count, return_key, counted, finalised_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $16, $17, $18, $19, $20,
              $21, $22, $23, $24, $25, $26::jsonb, $27, $30::varchar, $30::varchar IS NULL,
              CASE WHEN $8::varchar = 'final' THEN now() END
         FROM claimed
       RETURNING id, created_at, updated_at
     ), rows AS (
       INSERT INTO report_jurisdictions (report_id, user_id, position, name, code, fuel_type, total_miles,
                                         taxable_miles, gallons_purchased, tax_rate, gallons_consumed, net_gallons,
                                         tax_due, non_tax_paid_gallons, surcharge_rate, surcharge_due, rate_source,
                                         rate_from)
       SELECT report.id, $1, x.position, x.name, x.code, x.fuel_type, x.total_miles, x.taxable_miles,
              x.gallons_purchased, x.tax_rate, x.gallons_consumed, x.net_gallons, x.tax_due,
              x.non_tax_paid_gallons, x.surcharge_rate, x.surcharge_due, x.rate_source, x.rate_from
         FROM report, json_to_recordset($15::json) AS x(position int, name text, code text, fuel_type text,
              total_miles numeric,
              taxable_miles numeric, gallons_purchased numeric, tax_rate numeric, gallons_consumed numeric,
              net_gallons numeric, tax_due numeric, non_tax_paid_gallons numeric, surcharge_rate numeric,
              surcharge_due numeric, rate_source text, rate_from date)
     ), usage AS (
       INSERT INTO report_usage (user_id, month, report_id) SELECT $1, $28::date, id FROM report
       ON CONFLICT DO NOTHING
     ), ${totalsDeltaCtes(
       // A report of a return is counted once settleReturn has chosen it (return-groups.ts); one alone always is.
       'SELECT $7::numeric AS average_mpg, $8::text AS status, $30::varchar IS NULL AS counted FROM report',
       'SELECT x.code, x.fuel_type, x.taxable_miles, x.net_gallons FROM json_to_recordset($15::json) AS x(code text, fuel_type text, taxable_miles numeric, net_gallons numeric)',
       1,
     )}
     SELECT id, created_at, updated_at FROM report`,
    [
      userId,
      r.name,
      r.company_name,
      r.license_number,
      r.tax_period,
      r.period,
      r.average_mpg,
      r.status,
      r.total_miles,
      r.taxable_miles,
      r.gallons_purchased,
      r.gallons_consumed,
      r.net_gallons,
      r.tax_due,
      JSON.stringify(computed.rows),
      r.due_date,
      r.filed_at,
      r.penalty,
      r.interest,
      r.interest_rate_missing,
      r.calculation_mode,
      r.mpg_source,
      r.fleet_mpg,
      r.non_tax_paid_gallons,
      r.surcharge_due,
      JSON.stringify(r.schedules),
      computed.rows.length,
      usageMonth(now),
      cap,
      returnKey,
    ],
  )) as Array<{ id: string; created_at: Date; updated_at: Date }>;
  if (!saved) return undefined;
  return toResponse({
    ...saved,
    ...r,
    average_mpg: String(r.average_mpg),
    total_miles: String(r.total_miles),
    taxable_miles: String(r.taxable_miles),
    gallons_purchased: String(r.gallons_purchased),
    gallons_consumed: String(r.gallons_consumed),
    net_gallons: String(r.net_gallons),
    tax_due: String(r.tax_due),
    penalty: r.penalty === null ? null : String(r.penalty),
    interest: r.interest === null ? null : String(r.interest),
    fleet_mpg: r.fleet_mpg === null ? null : String(r.fleet_mpg),
    non_tax_paid_gallons: String(r.non_tax_paid_gallons),
    surcharge_due: String(r.surcharge_due),
    amended: false,
    amends_id: null,
    superseded_by_id: null,
    previous_due: null,
    amendment_difference: null,
    amendment_number: null,
    return_of_record: r.status === 'final' && returnKey !== null,
    voided_at: null,
    void_reason: null,
    jurisdictions: computed.rows.map(({ position: _position, ...row }) => row),
  });
}
