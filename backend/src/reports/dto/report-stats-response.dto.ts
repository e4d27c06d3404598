import { ApiProperty } from '@nestjs/swagger';
import { REPORT_STATUSES, type ReportStatus } from '../entities/report.entity.js';

/** One jurisdiction's net gallons summed over the account's reports (docs/product-spec.md §5 Dashboard analysis). */
export class StateNetGallonsDto {
  @ApiProperty({ description: 'The jurisdiction as the reports name it', example: 'TX' })
  name: string;

  @ApiProperty({
    description: 'Sum of the stored net gallons (3 decimals); negative is over-purchase, positive under-purchase',
    example: -125.5,
  })
  net_gallons: number;
}

/** The most recent report by created date (docs/product-spec.md §2 Latest Activity). */
export class LatestActivityDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'IFTA Q1-2025 - Acme Freight LLC' })
  name: string;

  @ApiProperty({ example: '2025-04-02T15:04:05.000Z' })
  created_at: string;

  @ApiProperty({ enum: REPORT_STATUSES, example: 'draft' })
  status: ReportStatus;

  @ApiProperty({ description: "status === 'final'", example: false })
  is_final: boolean;

  @ApiProperty({ description: 'Jurisdiction lines in that report', example: 12 })
  jurisdiction_count: number;
}

/** Everything the dashboard shows above the reports table, computed by PostgreSQL in one query. */
export class ReportStatsResponseDto {
  @ApiProperty({ description: "All of the account's reports", example: 14 })
  total_reports: number;

  @ApiProperty({ description: 'Reports that are not final (status draft, is_final false)', example: 9 })
  draft_reports: number;

  @ApiProperty({ description: 'Final reports', example: 5 })
  final_reports: number;

  @ApiProperty({ description: 'Jurisdiction lines over all reports (a state in 3 reports counts 3)', example: 168 })
  total_jurisdictions: number;

  @ApiProperty({ description: 'Different jurisdiction names over all reports', example: 31 })
  distinct_jurisdictions: number;

  @ApiProperty({
    description:
      'Mean of average_mpg over the reports whose MPG is positive, rounded half away from zero to 2 decimals; ' +
      '0 when there is none',
    example: 6.42,
  })
  average_mpg: number;

  @ApiProperty({ type: LatestActivityDto, nullable: true, description: 'null when the account has no report' })
  latest_activity: LatestActivityDto | null;

  @ApiProperty({
    type: [StateNetGallonsDto],
    description:
      'Per jurisdiction, net gallons summed over the lines with positive taxable miles of reports with positive MPG; ' +
      'most negative first (ties by name)',
  })
  state_net_gallons: StateNetGallonsDto[];

  @ApiProperty({
    type: [StateNetGallonsDto],
    description: 'Overpurchase: at most 3 jurisdictions below -10 net gallons, most negative first',
  })
  overpurchase: StateNetGallonsDto[];

  @ApiProperty({
    type: [StateNetGallonsDto],
    description: 'Underpurchase: at most 3 jurisdictions above +10 net gallons, largest first',
  })
  underpurchase: StateNetGallonsDto[];
}
