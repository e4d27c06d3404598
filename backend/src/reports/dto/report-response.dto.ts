import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  CALCULATION_MODES,
  type CalculationMode,
  isNoTaxDue,
  type MpgSource,
  newestQuarter,
  totalToRemit,
} from '../../ifta/index.js';
import { REPORT_STATUSES, type Report, type ReportStatus } from '../entities/report.entity.js';
import type { ReportJurisdiction } from '../entities/report-jurisdiction.entity.js';
import type { FuelSchedule, RateSource } from '../fuel-schedule.js';
import type { AmendmentDifferenceJson, DifferenceJson } from '../return-billing.js';
import { NO_BALANCE, type ReturnBalance, type Settlement, SETTLEMENTS } from '../return-balance.js';

export class ReportJurisdictionResponseDto {
  @ApiProperty({ example: 'TX' }) name: string;
  @ApiProperty({
    description: "The jurisdiction's canonical code (a custom rate keeps its own abbreviation)",
    example: 'TX',
  })
  code: string;
  @ApiProperty({ description: 'The fuel this line reports', example: 'diesel' }) fuel_type: string;
  @ApiProperty({ example: 1600 }) total_miles: number;
  @ApiProperty({ example: 1500 }) taxable_miles: number;
  @ApiProperty({ example: 200 }) gallons_purchased: number;
  @ApiProperty({ example: 0.2 }) tax_rate: number;
  @ApiProperty({ description: 'taxable_miles / average_mpg (0 when MPG is 0), 3 decimals', example: 300 })
  gallons_consumed: number;
  @ApiProperty({ description: 'gallons_consumed - gallons_purchased; negative is a credit', example: 100 })
  net_gallons: number;
  @ApiProperty({
    description: 'net_gallons x tax_rate in US dollars, rounded to the cent; negative is a credit',
    example: 20,
  })
  tax_due: number;
  @ApiProperty({ description: 'Official mode: gallons bought without tax (never credited)', example: 0 })
  non_tax_paid_gallons: number;
  @ApiProperty({ description: 'Official mode: the surcharge rate used (snapshot)', example: 0 })
  surcharge_rate: number;
  @ApiProperty({ description: 'Official mode: all taxable gallons x surcharge_rate', example: 0 })
  surcharge_due: number;
  @ApiProperty({
    enum: ['official', 'override', 'provisional', 'typed'],
    nullable: true,
    description:
      "Official mode: 'official' when tax_rate and surcharge_rate are the account's rates in force for the report's " +
      "quarter and this fuel type ('override' when the account entered or edited one of them); 'typed' when the " +
      "table had none and the line's own rates were used; " +
      "'provisional' when neither had one and the newest quarter's table rates were used (see " +
      'rates_provisional_from); null in worksheet mode',
    example: null,
  })
  rate_source: RateSource | null;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description:
      "The first day of the rate period this line reports, when the jurisdiction's rate changes inside the quarter " +
      '(California 4Q2017: a line for October at $0.37, one from 2017-11-01 at $0.57); null for the first period',
    example: null,
  })
  rate_from: string | null;

  static from(row: ReportJurisdiction): ReportJurisdictionResponseDto {
    return {
      name: row.name,
      code: row.code,
      fuel_type: row.fuelType,
      total_miles: row.totalMiles,
      taxable_miles: row.taxableMiles,
      gallons_purchased: row.gallonsPurchased,
      tax_rate: row.taxRate,
      gallons_consumed: row.gallonsConsumed,
      net_gallons: row.netGallons,
      tax_due: row.taxDue,
      non_tax_paid_gallons: row.nonTaxPaidGallons,
      surcharge_rate: row.surchargeRate,
      surcharge_due: row.surchargeDue,
      rate_source: row.rateSource,
      rate_from: row.rateFrom,
    };
  }
}

/** One fuel type's schedule of an official report. */
export class FuelScheduleDto implements FuelSchedule {
  @ApiProperty({ example: 'diesel' }) fuel_type: string;
  @ApiProperty({ description: "This fuel's total miles / total gallons, 2 decimals (0 without fuel)", example: 6.5 })
  fleet_mpg: number;
  @ApiProperty({
    description: 'The MPG the schedule used: fleet_mpg (a typed MPG only on reports saved before it was refused)',
  })
  mpg: number;
  @ApiProperty({ enum: ['fleet', 'typed'] }) mpg_source: MpgSource;
  @ApiProperty({ description: 'Whole miles, non-IFTA lines included', example: 26000 }) total_miles: number;
  @ApiProperty({ description: 'Whole gallons, tax-paid and not', example: 4000 }) total_gallons: number;
  @ApiProperty({ example: 25000 }) taxable_miles: number;
  @ApiProperty({ example: 3845 }) taxable_gallons: number;
  @ApiProperty({ example: 3500 }) tax_paid_gallons: number;
  @ApiProperty({ example: 500 }) non_tax_paid_gallons: number;
  @ApiProperty({ example: 345 }) net_taxable_gallons: number;
  @ApiProperty({ description: 'Tax in US$, surcharges not included', example: 179.14 }) tax_due: number;
  @ApiProperty({ example: 381.42 }) surcharge_due: number;
  @ApiProperty({ description: 'tax_due + surcharge_due', example: 560.56 }) total_due: number;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "The quarter whose rates priced this fuel's provisional lines; null when none is provisional",
    example: 'Q2-2026',
  })
  rates_provisional_from?: string | null;
}

export class ReportWarningDto {
  @ApiProperty({ description: 'The line it is about', example: 'jurisdictions.2' }) field: string;
  @ApiProperty({
    example:
      'jurisdictions.2 has 800 miles of gasoline but the fleet bought no gasoline this period: with no fleet MPG ' +
      'these miles owe $0; add the gasoline bought',
  })
  message: string;
}

export class ReportTotalsDto {
  @ApiProperty({ example: 2100 }) total_miles: number;
  @ApiProperty({ example: 2000 }) taxable_miles: number;
  @ApiProperty({ example: 350 }) gallons_purchased: number;
  @ApiProperty({ example: 400 }) gallons_consumed: number;
  @ApiProperty({ example: 50 }) net_gallons: number;
  @ApiProperty({
    description:
      'Sum of the rows (plus surcharges in official mode), in US dollars to the cent; negative is an overpayment ' +
      '(credit)',
    example: 20,
  })
  tax_due: number;
  @ApiProperty({ description: 'Official mode: the surcharges included in tax_due', example: 0 })
  surcharge_due: number;
  @ApiProperty({ description: 'Official mode: gallons bought without tax', example: 0 })
  non_tax_paid_gallons: number;
  @ApiProperty({ description: 'True when the total rounds to $0.00 (|total| < 0.01)', example: false })
  is_no_tax_due: boolean;
}

export class DifferenceDto implements DifferenceJson {
  @ApiProperty({ description: 'Tax in US$, surcharges aside', example: 2.5 }) tax: number;
  @ApiProperty({ description: 'Surcharges in US$', example: 0 }) surcharge: number;
  @ApiProperty({ description: 'Taxable gallons', example: 20 }) taxable_gallons: number;
  @ApiProperty({ description: 'Tax plus surcharges in US$ (negative: a credit)', example: 2.5 }) total_due: number;
}

export class JurisdictionDifferenceDto extends DifferenceDto {
  @ApiProperty({ example: 'WA' }) code: string;
  @ApiProperty({ example: 'diesel' }) fuel_type: string;
}

export class AmendmentDifferenceDto implements AmendmentDifferenceJson {
  @ApiProperty({
    description: 'The total due (tax plus surcharges) of the final this one amends, already paid',
    example: 500,
  })
  previous_total_due: number;
  @ApiProperty({ type: DifferenceDto, description: "This report's totals less the amended final's" })
  totals: DifferenceDto;
  @ApiProperty({
    type: [JurisdictionDifferenceDto],
    description:
      'Per jurisdiction and fuel type: this report less the amended final, in the order its lines name them, then ' +
      'those it no longer has',
  })
  jurisdictions: JurisdictionDifferenceDto[];
}

export class ReportResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Same as id' }) _id: string;
  @ApiProperty({ example: 'IFTA Q1-2025 - Acme Freight LLC' }) name: string;
  @ApiProperty({ example: 'Acme Freight LLC' }) company_name: string;
  @ApiProperty({ example: 'OH-123456789' }) license_number: string;
  @ApiProperty({ example: 'Q1-2025' }) tax_period: string;
  @ApiProperty({ example: 'Q1-2025' }) period: string;
  @ApiProperty({ description: 'The MPG the report was computed with', example: 5 }) average_mpg: number;
  @ApiProperty({ enum: CALCULATION_MODES, example: 'worksheet' }) calculation_mode: CalculationMode;
  @ApiProperty({
    enum: ['fleet', 'typed'],
    nullable: true,
    description:
      'Official mode: fleet = total miles / total gallons (always, now); typed only on a report saved before a typed ' +
      'MPG was refused in official mode',
    example: null,
  })
  mpg_source: MpgSource | null;
  @ApiProperty({ nullable: true, description: 'Official mode: total miles / total gallons, 2 decimals', example: null })
  fleet_mpg: number | null;
  @ApiProperty({ enum: REPORT_STATUSES, example: 'draft' }) status: ReportStatus;
  @ApiProperty({ description: "status === 'final'", example: false }) is_final: boolean;
  @ApiProperty({ example: '2025-04-02T15:04:05.000Z' }) created_at: string;
  @ApiProperty({ example: '2025-04-02T15:04:05.000Z' }) updated_at: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date',
    description: "The return's due date: the last day of the month after the quarter, or the next business day",
    example: '2026-11-02',
  })
  due_date: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date',
    description: 'The day a final report was filed (null for drafts)',
    example: '2026-11-20',
  })
  filed_at: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Late-filing penalty in US$: the greater of $50 or 10% of the net tax plus surcharge due; null when not late. ' +
      "An amended return's is on its addition only, when filed late: the greater of $50 or 10% of it, or 10% alone " +
      'when an earlier final of the return already bore a penalty; $0 when it adds nothing',
    example: 50,
  })
  penalty: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "Late interest in US$ on each jurisdiction's tax plus surcharge due per month or part month; null when not late " +
      "or a rate is missing. An amended return's is on each jurisdiction's addition only, from the original due date " +
      'to its filing day',
    example: 1.16,
  })
  interest: number | null;
  @ApiProperty({
    description: 'True when the return is late and the interest table lacks the annual rate of a month it needs',
    example: false,
  })
  interest_rate_missing: boolean;
  @ApiProperty({
    description:
      'What the return pays, in US$: totals.tax_due (tax plus surcharges) + penalty + interest, exact to the cent; ' +
      'negative is a credit. Equal to totals.tax_due for a draft or a return filed on time. An amended return pays ' +
      'or claims only the difference: difference.totals.total_due + penalty + interest, the penalty and interest ' +
      'being on the addition only',
    example: 1267.92,
  })
  total_to_remit: number;
  @ApiProperty({
    type: [FuelScheduleDto],
    description: 'Official mode: one schedule per fuel type, in the order the lines name them; empty for a worksheet',
  })
  schedules: FuelScheduleDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Official mode: the quarter whose rates priced the provisional lines (the report's quarter had no matrix " +
      'for them yet); null when no line is provisional',
    example: 'Q2-2026',
  })
  rates_provisional_from: string | null;
  @ApiProperty({
    description:
      'An amended return: this official report became final while its return (same company, quarter and fuel ' +
      'types) already had a final, which it supersedes. Worksheet reports are never amended',
    example: false,
  })
  amended: boolean;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The final report of the same return that this one amends; null for the first final or a draft',
  })
  amends_id: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The final report that amends this one (the return as filed is now that one); null when none does',
  })
  superseded_by_id: string | null;
  @ApiProperty({ description: 'superseded_by_id is set: a later final of the same return replaces this one' })
  superseded: boolean;
  @ApiProperty({
    type: AmendmentDifferenceDto,
    nullable: true,
    description:
      'An amended return: what it changes from the final it amends, per jurisdiction and fuel type and in total; ' +
      'what it bills (total_to_remit) is this difference. Null for a report billed whole',
  })
  difference: AmendmentDifferenceDto | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "An amended return's number: its place among its return's finals after the original (1 for the first " +
      'amendment), voided ones counted; it names the report "<name> — Amendment N" and its downloads. Null otherwise',
    example: 1,
  })
  amendment_number: number | null;
  @ApiProperty({
    description:
      "An official final that is its return's return of record: no later final supersedes it and it is not voided. " +
      'It cannot be deleted, only voided (POST /reports/{id}/void)',
    example: true,
  })
  return_of_record: boolean;
  @ApiProperty({ description: 'A final voided by its owner: kept, no longer the return of record, never amended' })
  voided: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When it was voided' })
  voided_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it was voided, as the owner gave it' })
  void_reason: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'A final report: what its return owes in total as of this final, in US$: the sum of total_to_remit over the ' +
      "return's finals up to this one (the original's remit plus each amendment's difference); for the return of " +
      'record, the whole return. Null for a draft',
    example: 1267.92,
  })
  amount_due: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "A final report: the return's payments less its refunds and credits carried forward, in US$, whichever final " +
      'of the return they were recorded on. Null for a draft',
    example: 0,
  })
  paid: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'amount_due - paid, in US$; negative is a credit owed to the carrier. Null for a draft',
    example: 1267.92,
  })
  balance: number | null;
  @ApiProperty({
    enum: SETTLEMENTS,
    nullable: true,
    description:
      'How the balance stands: unpaid (nothing paid), partly_paid, paid (balance 0.00; also a return owing $0), ' +
      'credit_due (the carrier is owed the credit), credit_refunded or credit_carried_forward (a credit settled ' +
      'so). Null for a draft',
    example: 'unpaid',
  })
  settlement: Settlement | null;
  @ApiPropertyOptional({
    type: () => [ReportWarningDto],
    description:
      'Create and update only, when there are some: what the saved report says that is allowed but probably not ' +
      'meant, e.g. miles of a ' +
      'fuel type the fleet bought none of (no fleet MPG, so they owe $0)',
  })
  warnings?: ReportWarningDto[];
  @ApiProperty({ type: [ReportJurisdictionResponseDto] }) jurisdictions: ReportJurisdictionResponseDto[];
  @ApiProperty({ type: ReportTotalsDto }) totals: ReportTotalsDto;

  static from(report: Report, rows: ReportJurisdiction[], balance: ReturnBalance = NO_BALANCE): ReportResponseDto {
    return {
      id: report.id,
      _id: report.id,
      name: report.name,
      company_name: report.companyName,
      license_number: report.licenseNumber,
      tax_period: report.taxPeriod,
      period: report.period,
      average_mpg: report.averageMpg,
      calculation_mode: report.calculationMode,
      mpg_source: report.mpgSource,
      fleet_mpg: report.fleetMpg,
      status: report.status,
      is_final: report.status === 'final',
      created_at: report.createdAt.toISOString(),
      updated_at: report.updatedAt.toISOString(),
      due_date: report.dueDate,
      filed_at: report.filedAt,
      penalty: report.penalty,
      interest: report.interest,
      interest_rate_missing: report.interestRateMissing,
      total_to_remit: Number(totalToRemit(report.taxDue, report.penalty, report.interest, report.previousDue)),
      schedules: report.schedules,
      rates_provisional_from: newestQuarter(report.schedules.map((schedule) => schedule.rates_provisional_from)),
      amended: report.amended,
      amends_id: report.amendsId,
      superseded_by_id: report.supersededById,
      superseded: report.supersededById !== null,
      difference: report.amendmentDifference,
      // The number reads the return's other finals, which one report does not hold.
      amendment_number: null,
      return_of_record:
        report.status === 'final' &&
        report.returnKey !== null &&
        report.supersededById === null &&
        report.voidedAt === null,
      voided: report.voidedAt !== null,
      voided_at: report.voidedAt?.toISOString() ?? null,
      void_reason: report.voidReason,
      ...balance,
      jurisdictions: rows.map((row) => ReportJurisdictionResponseDto.from(row)),
      totals: {
        total_miles: report.totalMiles,
        taxable_miles: report.taxableMiles,
        gallons_purchased: report.gallonsPurchased,
        gallons_consumed: report.gallonsConsumed,
        net_gallons: report.netGallons,
        tax_due: report.taxDue,
        surcharge_due: report.surchargeDue,
        non_tax_paid_gallons: report.nonTaxPaidGallons,
        is_no_tax_due: isNoTaxDue(report.taxDue),
      },
    };
  }
}

export class DeleteReportResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}

/**
 * A report in the list's page: everything but the lines, plus how many lines it has. A summary is the stored text
 * the reports_summary trigger writes, so a field added to the report is added to that trigger too.
 */
export class ReportSummaryDto extends OmitType(ReportResponseDto, ['jurisdictions', 'warnings'] as const) {
  @ApiProperty({ description: 'Jurisdiction lines in the report', example: 12 }) jurisdiction_count: number;
}

export class ReportPaginationDto {
  @ApiProperty({ description: 'Reports matching the search and status', example: 120 }) total: number;
  @ApiProperty({ example: 5 }) totalPages: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 25 }) limit: number;
}

export class ReportCountsDto {
  @ApiProperty({ description: "All of the account's reports, whatever the search and status", example: 120 })
  total: number;
  @ApiProperty({ example: 80 }) draft: number;
  @ApiProperty({ example: 40 }) final: number;
}

export class ReportPageDto {
  @ApiProperty({ type: [ReportSummaryDto] }) data: ReportSummaryDto[];
  @ApiProperty({ type: ReportPaginationDto }) pagination: ReportPaginationDto;
  @ApiProperty({ type: ReportCountsDto }) counts: ReportCountsDto;
}

/** Who did something to a report and when, from the audit trail. */
export class ReportSignatureDto {
  @ApiProperty({ type: String, nullable: true, example: 'bookkeeper@acme-freight.com' })
  email: string | null;

  @ApiProperty({ format: 'date-time' })
  at: string;
}

/** GET /reports/{id}: the report, and who prepared and finalised it. */
export class ReportDetailDto extends ReportResponseDto {
  @ApiProperty({
    type: ReportSignatureDto,
    nullable: true,
    description: 'Who created the report (null before the audit trail)',
  })
  prepared_by: ReportSignatureDto | null;

  @ApiProperty({
    type: ReportSignatureDto,
    nullable: true,
    description: 'Who last made the report final; null for a draft or one finalised before the audit trail',
  })
  finalised_by: ReportSignatureDto | null;
}
