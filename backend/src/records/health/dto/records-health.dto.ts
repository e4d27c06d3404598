import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  HEALTH_CHECKS,
  type HealthCheck,
  RECEIPT_FIELDS,
  SEVERITIES,
  type Severity,
} from '../records-health-checks.js';
import { MaxDecimalPlaces } from '../../../common/validators/max-decimal-places.js';

const QUARTER = /^Q[1-4]-20\d\d$/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const CHECK_MESSAGE = `check must be one of ${HEALTH_CHECKS.join(', ')}`;

export class RecordsHealthQueryDto {
  @ApiProperty({ example: 'Q3-2026' })
  @Matches(QUARTER, { message: 'period must be a quarter such as Q2-2026' })
  @IsString({ message: 'period must be a quarter such as Q2-2026' })
  period: string;

  @ApiPropertyOptional({ example: 'T-101', description: 'Only the findings of this unit (any case)' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(50, { message: 'unit must be at most 50 characters' })
  @IsString({ message: 'unit must be text' })
  unit?: string;
}

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
export class RecordsHealthSettingsDto {
  @ApiProperty({ example: 4, minimum: 0.1, maximum: 100, description: 'Lowest MPG a diesel unit should show' })
  @Min(0.1, { message: 'mpg_min must be at least 0.1' })
  @Max(100, { message: 'mpg_min must be at most 100' })
  @MaxDecimalPlaces(2)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'mpg_min must be a number' })
  mpg_min: number;

  @ApiProperty({ example: 8.5, minimum: 0.1, maximum: 100, description: 'Highest MPG a diesel unit should show' })
  @Min(0.1, { message: 'mpg_max must be at least 0.1' })
  @Max(100, { message: 'mpg_max must be at most 100' })
  @MaxDecimalPlaces(2)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'mpg_max must be a number' })
  mpg_max: number;

  @ApiProperty({ example: 1500, minimum: 1, maximum: 100000, description: 'Miles a unit may run with no fuel bought' })
  @Min(1, { message: 'no_fuel_miles must be at least 1' })
  @Max(100_000, { message: 'no_fuel_miles must be at most 100,000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'no_fuel_miles must be a number' })
  no_fuel_miles: number;
}

export class AcknowledgeFindingDto {
  @ApiProperty({ enum: HEALTH_CHECKS, example: 'mpg_out_of_band' })
  @IsIn(HEALTH_CHECKS, { message: CHECK_MESSAGE })
  check: HealthCheck;

  @ApiProperty({
    example: 'T-101|2026-07-01',
    maxLength: 300,
    description: "The finding's key, as the findings name it",
  })
  @MaxLength(300, { message: 'key must be at most 300 characters' })
  @IsNotEmpty({ message: 'key is required' })
  @IsString({ message: 'key is required' })
  key: string;

  @ApiProperty({ example: 'Reefer unit: the fuel feeds the trailer too', maxLength: 1000 })
  @Transform(trim)
  @MaxLength(1000, { message: 'note must be at most 1000 characters' })
  @IsNotEmpty({ message: 'note is required' })
  @IsString({ message: 'note is required' })
  note: string;
}

export class FindingDetailsDto {
  @ApiPropertyOptional({ example: 1250.5 }) miles?: number;
  @ApiPropertyOptional({ example: 410.2 }) gallons?: number;
  @ApiPropertyOptional({ example: 3.05, nullable: true, type: Number }) mpg?: number | null;
  @ApiPropertyOptional({ example: 4 }) mpg_min?: number;
  @ApiPropertyOptional({ example: 8.5 }) mpg_max?: number;
  @ApiPropertyOptional({ example: 1500, description: 'The no-fuel distance the stretch ran past' })
  limit_miles?: number;
  @ApiPropertyOptional({ example: '2026-07-01', description: 'First day the finding covers' }) from?: string;
  @ApiPropertyOptional({ example: '2026-07-03', description: 'Last day the finding covers' }) to?: string;
  @ApiPropertyOptional({ example: 'OK' }) jurisdiction?: string;
  @ApiPropertyOptional({ example: 182_340, description: 'Where the earlier segment ended' }) odometer_end?: number;
  @ApiPropertyOptional({ example: 182_390, description: 'Where the later segment started' }) odometer_start?: number;
  @ApiPropertyOptional({ example: 'diesel', description: "The vehicle's fuel type" }) fuel_type?: string;
  @ApiPropertyOptional({ example: ['gasoline'], type: [String] }) other_fuel_types?: string[];
  @ApiPropertyOptional({ enum: RECEIPT_FIELDS, isArray: true, description: 'Receipt fields left empty' })
  missing?: string[];
}

export class HealthFindingDto {
  @ApiProperty({ enum: HEALTH_CHECKS }) check: HealthCheck;
  @ApiProperty({ example: 'T-101|2026-07-01', description: 'What an acknowledgement of this finding is kept under' })
  key: string;
  @ApiProperty({ example: 'T-101' }) unit: string;
  @ApiProperty({ enum: SEVERITIES }) severity: Severity;
  @ApiProperty({ example: 'Unit T-101: 1200 miles on 400 gallons is 3.00 MPG, outside 4–8.5' }) message: string;
  @ApiProperty({ type: FindingDetailsDto }) details: FindingDetailsDto;
  @ApiProperty({ type: [String], description: 'The trips behind the finding' }) trip_ids: string[];
  @ApiProperty({ type: [String], description: 'The fuel purchases behind the finding' }) fuel_ids: string[];
  @ApiProperty() acknowledged: boolean;
  @ApiProperty({ nullable: true, type: String, example: 'owner@example.com' }) acknowledged_by: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) acknowledged_at: string | null;
  @ApiProperty({ nullable: true, type: String }) acknowledgement_note: string | null;
}

export class RecordsHealthDto {
  @ApiProperty({ example: 'Q3-2026' }) period: string;
  @ApiProperty({ nullable: true, type: String, description: 'The unit asked for, or null for the fleet' })
  unit: string | null;
  @ApiProperty({
    example: 85,
    description: '100 less 10 per high, 5 per medium and 2 per low finding not acknowledged; never below 0',
  })
  score: number;
  @ApiProperty({ type: RecordsHealthSettingsDto }) settings: RecordsHealthSettingsDto;
  @ApiProperty({ type: [HealthFindingDto] }) findings: HealthFindingDto[];
}

export class AcknowledgementDto {
  @ApiProperty({ enum: HEALTH_CHECKS }) check: HealthCheck;
  @ApiProperty() key: string;
  @ApiProperty() note: string;
  @ApiProperty({ example: 'owner@example.com' }) acknowledged_by: string;
  @ApiProperty({ format: 'date-time' }) acknowledged_at: string;
}
