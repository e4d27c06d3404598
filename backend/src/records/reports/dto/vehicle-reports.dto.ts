import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PaginationDto } from '../../../common/dto/pagination.dto.js';
import { MAX_PAGE, PAGE_TOO_LARGE } from '../../../common/paging.js';

const QUARTER = /^Q[1-4]-20\d\d$/;
const QUARTER_MESSAGE = 'period must be a quarter such as Q3-2026';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export class ByVehicleQueryDto {
  @ApiProperty({ example: 'Q3-2026' })
  @Matches(QUARTER, { message: QUARTER_MESSAGE })
  @IsString({ message: QUARTER_MESSAGE })
  period: string;

  @ApiPropertyOptional({ example: 'T-101', description: 'Only this unit' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(50, { message: 'unit must be at most 50 characters' })
  @IsString({ message: 'unit must be text' })
  unit?: string;
}

export class ByVehicleExportQueryDto extends ByVehicleQueryDto {
  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'xlsx' })
  @IsOptional()
  @IsIn(EXPORT_FORMATS, { message: 'format must be xlsx or csv' })
  format?: ExportFormat;
}

export class VehicleJurisdictionRowDto {
  @ApiProperty({ example: 'T-101' }) unit: string;
  @ApiProperty({ example: 'diesel', description: "The unit's fuel type (its vehicle's, else the fuel it bought most)" })
  fuel_type: string;
  @ApiProperty({ example: 'TX' }) jurisdiction: string;
  @ApiProperty({ example: 412.5, description: 'Miles the unit drove in the jurisdiction' }) miles: number;
  @ApiProperty({ example: 400, description: 'The taxable part of them' }) taxable_miles: number;
  @ApiProperty({ example: 70.25, description: 'Gallons the unit bought in the jurisdiction (every fuel)' })
  gallons: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 6.21,
    description:
      "The unit's MPG over the whole quarter (all its miles over all its gallons, to 2 places); null without gallons",
  })
  mpg: number | null;
}

export class VehicleTotalDto {
  @ApiProperty({ example: 'T-101' }) unit: string;
  @ApiProperty({ example: 'diesel' }) fuel_type: string;
  @ApiProperty({ example: 1250.5 }) miles: number;
  @ApiProperty({ example: 1200 }) taxable_miles: number;
  @ApiProperty({ example: 201.3 }) gallons: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 6.21,
    description: 'miles / gallons to 2 places; null without gallons',
  })
  mpg: number | null;
}

export class ByVehicleReportDto {
  @ApiProperty({ example: 'Q3-2026' }) period: string;
  @ApiProperty({ type: [VehicleJurisdictionRowDto], description: 'One row per unit and jurisdiction, by unit' })
  rows: VehicleJurisdictionRowDto[];
  @ApiProperty({ type: [VehicleTotalDto], description: 'Each unit’s sums over its rows' })
  totals: VehicleTotalDto[];
}

export class TripSheetsQueryDto extends ByVehicleQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: PAGE_TOO_LARGE })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: 'limit must be at least 1' })
  @Max(100, { message: 'limit must be at most 100' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;
}

export class TripJurisdictionMilesDto {
  @ApiProperty({ example: 'TX' }) jurisdiction: string;
  @ApiProperty({ example: 250.5 }) miles: number;
  @ApiProperty({ example: 250.5 }) taxable_miles: number;
}

export class TripSheetDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'TR-1001',
    description: 'The trip number its segments share; null for a segment kept without one (a trip of its own)',
  })
  trip_number: string | null;
  @ApiProperty({ example: '2026-07-01', description: "The first of its segments' dates" }) start_date: string;
  @ApiProperty({ example: '2026-07-02', description: "The last of its segments' dates" }) end_date: string;
  @ApiProperty({ example: 'T-101' }) unit: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1XKAD49X0CJ123456',
    description: "The vehicle's VIN, if known",
  })
  vin: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'J. Smith' }) driver: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Dallas' }) origin_city: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'TX' }) origin_jurisdiction: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Tulsa' }) destination_city: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'OK' }) destination_jurisdiction: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 182_340,
    description: 'The lowest odometer reading at a start',
  })
  odometer_start: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 182_752,
    description: 'The highest odometer reading at an end',
  })
  odometer_end: number | null;
  @ApiProperty({ example: 412.5, description: 'Every mile of its segments' }) total_miles: number;
  @ApiProperty({
    type: [TripJurisdictionMilesDto],
    description: 'Its miles by jurisdiction, in the order first driven',
  })
  jurisdictions: TripJurisdictionMilesDto[];
  @ApiProperty({ type: [String], format: 'uuid', description: 'Its segments (trip records), in order' })
  segment_ids: string[];
}

export class TripSheetPageDto {
  @ApiProperty({ type: [TripSheetDto], description: 'Trips by start date' }) data: TripSheetDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}
