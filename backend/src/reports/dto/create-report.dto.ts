import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CALCULATION_MODES, type CalculationMode, FUEL_TYPES, type FuelType } from '../../ifta/index.js';
import { REPORT_STATUSES, type ReportStatus } from '../entities/report.entity.js';
import { IsTaxPeriod } from '../../common/validators/tax-period.js';
import { IsFilingDate } from './filing-date.validator.js';
import { numberFromText, trimText } from '../../common/dto/input-transforms.js';
import { REPORT_LIMITS } from './report-limits.js';

const finite = { allowNaN: false, allowInfinity: false } as const;

export class ReportJurisdictionInputDto {
  @ApiProperty({
    description: 'A member jurisdiction code or name (58), or an abbreviation or name in the account tax-rate table',
    example: 'TX',
    maxLength: 100,
  })
  @Transform(trimText)
  @MaxLength(100)
  @IsNotEmpty({ message: 'name is required' })
  @IsString({ message: 'name is required' })
  name: string;

  @ApiPropertyOptional({ description: 'All miles driven there; missing counts as 0', example: 1600, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'total_miles must be a number' })
  total_miles?: number;

  @ApiPropertyOptional({ description: 'Taxable miles; missing counts as 0', example: 1500, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'taxable_miles must be a number' })
  taxable_miles?: number;

  @ApiPropertyOptional({ description: 'Tax-paid gallons bought there; missing counts as 0', example: 200, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'gallons_purchased must be a number' })
  gallons_purchased?: number;

  @ApiPropertyOptional({
    description: 'US$ per gallon, kept to 4 decimals; missing counts as 0',
    example: 0.2,
    minimum: 0,
  })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxTaxRate)
  @IsNumber(finite, { message: 'tax_rate must be a number' })
  tax_rate?: number;

  @ApiPropertyOptional({
    description:
      'The fuel this line reports (one line per jurisdiction and fuel type); official reports compute one schedule ' +
      'per fuel type. Missing: diesel',
    enum: FUEL_TYPES,
    example: 'diesel',
  })
  @IsOptional()
  @IsIn(FUEL_TYPES, { message: `fuel_type must be one of ${FUEL_TYPES.join(', ')}` })
  fuel_type?: FuelType;

  @ApiPropertyOptional({
    description: 'Official mode: gallons bought there without tax; counted in total gallons, never credited',
    example: 0,
    minimum: 0,
  })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'non_tax_paid_gallons must be a number' })
  non_tax_paid_gallons?: number;

  @ApiPropertyOptional({
    description: 'Official mode: US$ per gallon surcharge (e.g. KY, VA) on all taxable gallons; missing counts as 0',
    example: 0.105,
    minimum: 0,
  })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxTaxRate)
  @IsNumber(finite, { message: 'surcharge_rate must be a number' })
  surcharge_rate?: number;

  @ApiPropertyOptional({
    format: 'date',
    description:
      "Official mode: the first day of the rate period the line reports when the jurisdiction's rate changes inside " +
      'the quarter (a second line for the same jurisdiction and fuel type, e.g. California from 2017-11-01); a day ' +
      "of the report's quarter. Left out: the quarter's first period",
    example: '2017-11-01',
  })
  @IsOptional()
  @IsFilingDate({ message: 'rate_from must be a date as YYYY-MM-DD' })
  rate_from?: string;

  @ApiPropertyOptional({ description: 'Ignored: the server recomputes it', example: 300 })
  @Allow()
  gallons_consumed?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: the server recomputes it', example: 100 })
  @Allow()
  net_gallons?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: the server recomputes it', example: 20 })
  @Allow()
  tax_due?: unknown;
}

export class CreateReportDto {
  @ApiPropertyOptional({
    description: 'Defaults to "IFTA {tax_period} - {company_name}"',
    example: 'IFTA Q1-2025 - Acme Freight LLC',
    maxLength: 200,
  })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(200)
  @IsString()
  name?: string;

  @ApiProperty({ example: 'Acme Freight LLC', maxLength: 200 })
  @Transform(trimText)
  @MaxLength(200)
  @IsNotEmpty({ message: 'company_name is required' })
  @IsString({ message: 'company_name is required' })
  company_name: string;

  @ApiPropertyOptional({ example: 'OH-123456789', maxLength: 50 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(50)
  @IsString()
  license_number?: string;

  @ApiPropertyOptional({
    description: 'A quarter (Q1-2026) or, for monthly filers, a month (2026-01), years 2000 to 2099',
    example: 'Q1-2025',
    maxLength: 20,
  })
  @Transform(trimText)
  @IsOptional()
  @IsTaxPeriod()
  @IsString({ message: 'tax_period must be a quarter such as Q3-2026 or a month such as 2026-07' })
  tax_period?: string;

  @ApiPropertyOptional({ description: 'Defaults to tax_period', example: 'Q1-2025', maxLength: 20 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(20)
  @IsString()
  period?: string;

  @ApiPropertyOptional({
    description:
      'Worksheet mode (required there): the typed fleet miles per gallon, stored to 2 decimals; 0 means no fuel is ' +
      'consumed (every row is a credit). Official mode: leave it out (or 0); the return always uses each fuel ' +
      "type's fleet MPG (total miles / total gallons), and a positive average_mpg is a 400",
    example: 6.5,
    minimum: 0,
    maximum: REPORT_LIMITS.maxMpg,
  })
  @Transform(numberFromText)
  @ValidateIf((body: CreateReportDto) => body.calculation_mode !== 'official' || body.average_mpg !== undefined)
  @Min(0)
  @Max(REPORT_LIMITS.maxMpg)
  @IsNumber(finite, { message: 'average_mpg is required and must be a number' })
  average_mpg?: number;

  @ApiPropertyOptional({
    enum: CALCULATION_MODES,
    default: 'worksheet',
    description:
      "worksheet: the spec's formula with average_mpg. official: the quarterly return (each fuel type's fleet MPG " +
      'from the totals, never a typed one; whole miles and gallons, tax-paid credit only, surcharges)',
    example: 'official',
  })
  @IsOptional()
  @IsIn(CALCULATION_MODES, { message: `calculation_mode must be one of ${CALCULATION_MODES.join(', ')}` })
  calculation_mode?: CalculationMode;

  @ApiPropertyOptional({ enum: REPORT_STATUSES, default: 'draft', example: 'draft' })
  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: `status must be one of ${REPORT_STATUSES.join(', ')}` })
  status?: ReportStatus;

  @ApiPropertyOptional({ description: 'Read when status is absent: true means final', example: false })
  @IsOptional()
  @IsBoolean()
  is_final?: boolean;

  @ApiPropertyOptional({
    description: "Day a final report is filed (ISO date); defaults to today in the account's time zone",
    example: '2026-06-15',
    format: 'date',
  })
  @IsOptional()
  @IsFilingDate()
  filed_at?: string;

  @ApiProperty({ type: [ReportJurisdictionInputDto], minItems: 1, maxItems: REPORT_LIMITS.maxJurisdictions })
  @ValidateNested({ each: true })
  @ArrayMaxSize(REPORT_LIMITS.maxJurisdictions)
  @ArrayMinSize(1, { message: 'jurisdictions must hold at least one jurisdiction' })
  @IsArray({ message: 'jurisdictions must hold at least one jurisdiction' })
  @Type(() => ReportJurisdictionInputDto)
  jurisdictions: ReportJurisdictionInputDto[];
}
