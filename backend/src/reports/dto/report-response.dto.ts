import { ApiProperty } from '@nestjs/swagger';
import { isNoTaxDue } from '../../ifta/index.js';
import { REPORT_STATUSES, type Report, type ReportStatus } from '../entities/report.entity.js';
import type { ReportJurisdiction } from '../entities/report-jurisdiction.entity.js';

export class ReportJurisdictionResponseDto {
  @ApiProperty({ example: 'TX' }) name: string;
  @ApiProperty({ example: 1600 }) total_miles: number;
  @ApiProperty({ example: 1500 }) taxable_miles: number;
  @ApiProperty({ example: 200 }) gallons_purchased: number;
  @ApiProperty({ example: 0.2 }) tax_rate: number;
  @ApiProperty({ description: 'taxable_miles / average_mpg (0 when MPG is 0), 3 decimals', example: 300 })
  gallons_consumed: number;
  @ApiProperty({ description: 'gallons_consumed - gallons_purchased; negative is a credit', example: 100 })
  net_gallons: number;
  @ApiProperty({ description: 'net_gallons x tax_rate in cents; negative is a credit', example: 20 })
  tax_due: number;

  static from(row: ReportJurisdiction): ReportJurisdictionResponseDto {
    const { name, total_miles, taxable_miles, gallons_purchased, tax_rate, gallons_consumed, net_gallons, tax_due } =
      row;
    return { name, total_miles, taxable_miles, gallons_purchased, tax_rate, gallons_consumed, net_gallons, tax_due };
  }
}

export class ReportTotalsDto {
  @ApiProperty({ example: 2100 }) total_miles: number;
  @ApiProperty({ example: 2000 }) taxable_miles: number;
  @ApiProperty({ example: 350 }) gallons_purchased: number;
  @ApiProperty({ example: 400 }) gallons_consumed: number;
  @ApiProperty({ example: 50 }) net_gallons: number;
  @ApiProperty({ description: 'Sum of the rows, in cents; negative is an overpayment (credit)', example: 20 })
  tax_due: number;
  @ApiProperty({ description: 'True when the total rounds to $0.00 (|total| < 0.01)', example: false })
  is_no_tax_due: boolean;
}

export class ReportResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Same as id' }) _id: string;
  @ApiProperty({ example: 'IFTA Q1-2025 - Acme Freight LLC' }) name: string;
  @ApiProperty({ example: 'Acme Freight LLC' }) company_name: string;
  @ApiProperty({ example: 'OH-123456789' }) license_number: string;
  @ApiProperty({ example: 'Q1-2025' }) tax_period: string;
  @ApiProperty({ example: 'Q1-2025' }) period: string;
  @ApiProperty({ example: 5 }) average_mpg: number;
  @ApiProperty({ enum: REPORT_STATUSES, example: 'draft' }) status: ReportStatus;
  @ApiProperty({ description: "status === 'final'", example: false }) is_final: boolean;
  @ApiProperty({ example: '2025-04-02T15:04:05.000Z' }) created_at: string;
  @ApiProperty({ example: '2025-04-02T15:04:05.000Z' }) updated_at: string;
  @ApiProperty({ type: [ReportJurisdictionResponseDto] }) jurisdictions: ReportJurisdictionResponseDto[];
  @ApiProperty({ type: ReportTotalsDto }) totals: ReportTotalsDto;

  static from(report: Report, rows: ReportJurisdiction[]): ReportResponseDto {
    return {
      id: report.id,
      _id: report.id,
      name: report.name,
      company_name: report.company_name,
      license_number: report.license_number,
      tax_period: report.tax_period,
      period: report.period,
      average_mpg: report.average_mpg,
      status: report.status,
      is_final: report.status === 'final',
      created_at: report.createdAt.toISOString(),
      updated_at: report.updatedAt.toISOString(),
      jurisdictions: rows.map((row) => ReportJurisdictionResponseDto.from(row)),
      totals: {
        total_miles: report.total_miles,
        taxable_miles: report.taxable_miles,
        gallons_purchased: report.gallons_purchased,
        gallons_consumed: report.gallons_consumed,
        net_gallons: report.net_gallons,
        tax_due: report.tax_due,
        is_no_tax_due: isNoTaxDue(report.tax_due),
      },
    };
  }
}

export class DeleteReportResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}
