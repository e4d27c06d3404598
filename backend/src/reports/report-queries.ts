import type { EntityManager } from 'typeorm';
import { isNoTaxDue, ZERO_TAX_THRESHOLD } from '../ifta/index.js';
import type { ReportJurisdictionResponseDto, ReportResponseDto } from './dto/report-response.dto.js';
import type { ReportStatus } from './entities/report.entity.js';

/**
 * The reports' hot paths in hand-written SQL (as the tax-rate list): a report and its rows come back in one
 * statement, the rows already as JSON built by PostgreSQL, and a new report is written in one statement. Through
 * the ORM a page of 25 reports cost two queries and ~100 entity hydrations, and a create of 58 rows seven round
 * trips; `npm run bench` shows the difference (docs/PERFORMANCE.md).
 */
const REPORT_COLUMNS = `r.id, r.name, r.company_name, r.license_number, r.tax_period, r.period, r.average_mpg, r.status,
  r.created_at, r.updated_at, r.total_miles, r.taxable_miles, r.gallons_purchased, r.gallons_consumed,
  r.net_gallons, r.tax_due`;

/** numeric columns inside json_build_object come out as JSON numbers, so the rows need no conversion. */
const ROWS_JSON = `coalesce((
  SELECT json_agg(json_build_object(
    'name', j.name, 'total_miles', j.total_miles, 'taxable_miles', j.taxable_miles,
    'gallons_purchased', j.gallons_purchased, 'tax_rate', j.tax_rate, 'gallons_consumed', j.gallons_consumed,
    'net_gallons', j.net_gallons, 'tax_due', j.tax_due) ORDER BY j.position)
  FROM report_jurisdictions j WHERE j.report_id = r.id AND j.user_id = r.user_id), '[]'::json) AS jurisdictions`;

interface RawReport {
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
  jurisdictions: ReportJurisdictionResponseDto[];
}

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
    status: raw.status,
    is_final: raw.status === 'final',
    created_at: raw.created_at.toISOString(),
    updated_at: raw.updated_at.toISOString(),
    jurisdictions: raw.jurisdictions,
    totals: {
      total_miles: Number(raw.total_miles),
      taxable_miles: Number(raw.taxable_miles),
      gallons_purchased: Number(raw.gallons_purchased),
      gallons_consumed: Number(raw.gallons_consumed),
      net_gallons: Number(raw.net_gallons),
      tax_due: taxDue,
      is_no_tax_due: isNoTaxDue(taxDue),
    },
  };
}

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
    `SELECT coalesce(json_agg(json_build_object(
       'id', r.id, '_id', r.id, 'name', r.name, 'company_name', r.company_name, 'license_number', r.license_number,
       'tax_period', r.tax_period, 'period', r.period, 'average_mpg', r.average_mpg, 'status', r.status,
       'is_final', r.status = 'final',
       'created_at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'updated_at', to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'jurisdictions', r.jurisdictions,
       'totals', json_build_object(
         'total_miles', r.total_miles, 'taxable_miles', r.taxable_miles, 'gallons_purchased', r.gallons_purchased,
         'gallons_consumed', r.gallons_consumed, 'net_gallons', r.net_gallons, 'tax_due', r.tax_due,
         'is_no_tax_due', abs(r.tax_due) < $4))
       ORDER BY r.created_at DESC, r.id DESC), '[]'::json)::text AS body
     FROM (SELECT ${REPORT_COLUMNS}, ${ROWS_JSON} FROM reports r
            WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3) r`,
    [userId, limit, offset, ZERO_TAX_THRESHOLD],
  )) as Array<{ body: string }>;
  return body;
}

/** One report of the account with its rows, or undefined. */
export async function findReport(
  db: EntityManager,
  userId: string,
  id: string,
): Promise<ReportResponseDto | undefined> {
  const [row] = (await db.query(
    `SELECT ${REPORT_COLUMNS}, ${ROWS_JSON} FROM reports r WHERE r.user_id = $1 AND r.id = $2`,
    [userId, id],
  )) as RawReport[];
  return row && toResponse(row);
}

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
  };
  rows: Array<ReportJurisdictionResponseDto & { position: number }>;
}

/**
 * Inserts the report and all its rows in one statement (a data-modifying CTE is atomic on its own) and answers
 * the saved report, built from what was written and the generated id and timestamps.
 */
export async function insertReport(
  db: EntityManager,
  userId: string,
  computed: ComputedReport,
): Promise<ReportResponseDto> {
  const r = computed.report;
  const [saved] = (await db.query(
    `WITH report AS (
       INSERT INTO reports (user_id, name, company_name, license_number, tax_period, period, average_mpg, status,
                            total_miles, taxable_miles, gallons_purchased, gallons_consumed, net_gallons, tax_due)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING id, created_at, updated_at
     ), rows AS (
       INSERT INTO report_jurisdictions (report_id, user_id, position, name, total_miles, taxable_miles,
                                         gallons_purchased, tax_rate, gallons_consumed, net_gallons, tax_due)
       SELECT report.id, $1, x.position, x.name, x.total_miles, x.taxable_miles, x.gallons_purchased, x.tax_rate,
              x.gallons_consumed, x.net_gallons, x.tax_due
         FROM report, json_to_recordset($15::json) AS x(position int, name text, total_miles numeric,
              taxable_miles numeric, gallons_purchased numeric, tax_rate numeric, gallons_consumed numeric,
              net_gallons numeric, tax_due numeric)
     )
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
    ],
  )) as Array<{ id: string; created_at: Date; updated_at: Date }>;
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
    jurisdictions: computed.rows.map(({ position: _position, ...row }) => row),
  });
}
