import type { ReportJurisdictionInputDto } from './dto/create-report.dto.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report } from './entities/report.entity.js';
import type { ReportFiling } from './report-filing.service.js';
import type { ComputedReport } from './report-queries.js';

/*
 * The computed report and its lines carry the API's snake_case names (they are also what the insert's SQL and the
 * response read); the entities' properties are camelCase. TypeORM's update and insert accept unknown keys without a
 * type error, so every field is named here and the return types require all of them.
 */

// `summary` is the trigger's to write (migration ReportSummaries); the return columns are return-groups.ts's, and
// what an amendment bills return-billing.ts's, and a void the void's alone (a voided final is never saved again).
type ReportValues = Omit<
  Report,
  | 'id'
  | 'userId'
  | 'user'
  | 'createdAt'
  | 'updatedAt'
  | 'summary'
  | 'returnKey'
  | 'finalisedAt'
  | 'amended'
  | 'amendsId'
  | 'supersededById'
  | 'counted'
  | 'previousDue'
  | 'amendmentDifference'
  | 'voidedAt'
  | 'voidReason'
>;
type RowValues = Omit<ReportJurisdiction, 'id' | 'reportId' | 'report' | 'userId' | 'user'>;
type FilingValues = Pick<Report, 'dueDate' | 'filedAt' | 'penalty' | 'interest' | 'interestRateMissing'>;

export function filingValues(filing: ReportFiling): FilingValues {
  return {
    dueDate: filing.due_date,
    filedAt: filing.filed_at,
    penalty: filing.penalty,
    interest: filing.interest,
    interestRateMissing: filing.interest_rate_missing,
  };
}

export function reportValues({ report, rows }: ComputedReport): ReportValues {
  return {
    lineCount: rows.length,
    name: report.name,
    companyName: report.company_name,
    licenseNumber: report.license_number,
    taxPeriod: report.tax_period,
    period: report.period,
    averageMpg: report.average_mpg,
    status: report.status,
    totalMiles: report.total_miles,
    taxableMiles: report.taxable_miles,
    gallonsPurchased: report.gallons_purchased,
    gallonsConsumed: report.gallons_consumed,
    netGallons: report.net_gallons,
    taxDue: report.tax_due,
    ...filingValues(report),
    calculationMode: report.calculation_mode,
    mpgSource: report.mpg_source,
    fleetMpg: report.fleet_mpg,
    nonTaxPaidGallons: report.non_tax_paid_gallons,
    surchargeDue: report.surcharge_due,
    schedules: report.schedules,
  };
}

export function rowValues(row: ComputedReport['rows'][number]): RowValues {
  return {
    position: row.position,
    name: row.name,
    code: row.code,
    fuelType: row.fuel_type,
    totalMiles: row.total_miles,
    taxableMiles: row.taxable_miles,
    gallonsPurchased: row.gallons_purchased,
    taxRate: row.tax_rate,
    gallonsConsumed: row.gallons_consumed,
    netGallons: row.net_gallons,
    taxDue: row.tax_due,
    nonTaxPaidGallons: row.non_tax_paid_gallons,
    surchargeRate: row.surcharge_rate,
    surchargeDue: row.surcharge_due,
    rateSource: row.rate_source,
    rateFrom: row.rate_from,
  };
}

/** A stored line as the input of a report's recomputation (an update that sends no lines keeps the stored ones). */
export function rowInput(row: ReportJurisdiction, official = false): ReportJurisdictionInputDto {
  // An official line's table rates (official, the account's, provisional) are chosen again from the tables, never
  // sent back as typed: re-saving a provisional draft must not make its provisional rates look typed.
  const fromTable = official && row.rateSource !== null && row.rateSource !== 'typed';
  return {
    name: row.name,
    total_miles: row.totalMiles,
    taxable_miles: row.taxableMiles,
    gallons_purchased: row.gallonsPurchased,
    tax_rate: fromTable ? 0 : row.taxRate,
    fuel_type: row.fuelType as ReportJurisdictionInputDto['fuel_type'],
    non_tax_paid_gallons: row.nonTaxPaidGallons,
    surcharge_rate: fromTable ? 0 : row.surchargeRate,
    ...(row.rateFrom ? { rate_from: row.rateFrom } : {}),
  };
}
