import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { numberFromText, trimText } from '../../common/dto/input-transforms.js';
import { REPORT_LIMITS } from '../../reports/dto/report-limits.js';
import { SESSION_STATUSES, type SessionStatus } from '../entities/calculation-session.entity.js';

export const MAX_SESSION_ENTRIES = 5000;
/** Sessions one account may keep at once (each can hold ~0.9 MB of entries); deleting one makes room. */
export const MAX_SESSIONS_PER_ACCOUNT = 100;
const finite = { allowNaN: false, allowInfinity: false } as const;

export class SessionEntryInputDto {
  @ApiProperty({ description: 'Jurisdiction code or name', example: 'TX', maxLength: 100 })
  @Transform(trimText)
  @MaxLength(100)
  @IsNotEmpty({ message: 'state is required' })
  @IsString({ message: 'state is required' })
  state: string;

  @ApiPropertyOptional({ description: 'Read before state when present', example: 'TX', maxLength: 10 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(10)
  @IsString()
  state_abbreviation?: string;

  @ApiPropertyOptional({ description: "Defaults to the account's active rate", example: 0.2, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxTaxRate)
  @IsNumber(finite, { message: 'tax_rate must be a number' })
  tax_rate?: number;

  @ApiPropertyOptional({ description: 'Taxable miles', example: 1500, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'miles_driven must be a number' })
  miles_driven?: number;

  @ApiPropertyOptional({ description: 'Defaults to miles_driven', example: 1600, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'total_miles must be a number' })
  total_miles?: number;

  @ApiPropertyOptional({ description: 'Gallons purchased', example: 200, minimum: 0 })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxQuantity)
  @IsNumber(finite, { message: 'fuel_purchased must be a number' })
  fuel_purchased?: number;

  @ApiPropertyOptional({ description: 'Ignored: recomputed by the server', example: 300 })
  @Allow()
  fuel_consumed?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: recomputed by the server', example: 100 })
  @Allow()
  net_gallons?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: recomputed by the server', example: 20 })
  @Allow()
  tax_due?: unknown;
}

export class CreateSessionDto {
  @ApiPropertyOptional({ example: 'Q1 fuel cards', maxLength: 200 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(200)
  @IsString()
  name?: string;

  @ApiPropertyOptional({ example: 'Acme Freight LLC', maxLength: 200 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(200)
  @IsString()
  company_name?: string;

  @ApiPropertyOptional({ example: 'OH-123456789', maxLength: 50 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(50)
  @IsString()
  license_number?: string;

  @ApiPropertyOptional({ example: 'Q1-2025', maxLength: 20 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(20)
  @IsString()
  tax_period?: string;

  @ApiPropertyOptional({ description: 'Same as tax_period (read when tax_period is absent)', example: 'Q1-2025' })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(20)
  @IsString()
  period?: string;

  @ApiPropertyOptional({ example: 6.5, minimum: 0, maximum: REPORT_LIMITS.maxMpg })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxMpg)
  @IsNumber(finite, { message: 'average_mpg must be a number' })
  average_mpg?: number;

  @ApiPropertyOptional({ enum: SESSION_STATUSES, default: 'draft' })
  @IsOptional()
  @IsIn(SESSION_STATUSES, { message: `status must be one of ${SESSION_STATUSES.join(', ')}` })
  status?: SessionStatus;

  @ApiPropertyOptional({ type: [SessionEntryInputDto], maxItems: MAX_SESSION_ENTRIES })
  @IsOptional()
  @ValidateNested({ each: true })
  @ArrayMaxSize(MAX_SESSION_ENTRIES, { message: `entries must hold at most ${MAX_SESSION_ENTRIES} entries` })
  @IsArray()
  @Type(() => SessionEntryInputDto)
  entries?: SessionEntryInputDto[];
}

/** PUT body: fields left out keep their values; entries, when sent, replace all. */
export class UpdateSessionDto extends PartialType(CreateSessionDto) {}
