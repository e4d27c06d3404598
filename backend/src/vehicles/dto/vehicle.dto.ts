import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PaginationDto } from '../../common/dto/pagination.dto.js';
import { MAX_PAGE, PAGE_TOO_LARGE } from '../../common/paging.js';
import { FUEL_TYPES, type FuelType } from '../../ifta/index.js';
import {
  FUEL_TYPE_SOURCES,
  SORT_ORDERS,
  VEHICLE_MAX_PAGE_SIZE,
  VEHICLE_PAGE_SIZE,
  VEHICLE_SORT_FIELDS,
  VIN_PATTERN,
  type FuelTypeSource,
  type SortOrder,
  type VehicleSortField,
} from '../vehicle-options.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A blank optional field is no value: a form sends '' for a VIN or plate left empty. */
const blankIsNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? null : text;
};
const upperOrNull = (input: { value: unknown }) => {
  const value = blankIsNull(input);
  return typeof value === 'string' ? value.toUpperCase() : value;
};
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FUEL_MESSAGE = `fuel_type must be one of ${FUEL_TYPES.join(', ')}`;
const VIN_MESSAGE = 'vin must be 17 letters and digits, without I, O or Q';

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** A vehicle as the form sends it: a new one, or (PUT) the fields to change. */
export class CreateVehicleDto {
  @ApiProperty({ example: 'T-101', maxLength: 50, description: 'The unit number trips and receipts name' })
  @Transform(trim)
  @MaxLength(50, { message: 'unit must be at most 50 characters' })
  @IsNotEmpty({ message: 'unit is required' })
  @IsString({ message: 'unit is required' })
  unit: string;

  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel', description: "The fuel that propels it: its miles' schedule" })
  @IsIn(FUEL_TYPES, { message: FUEL_MESSAGE })
  fuel_type: FuelType;

  @ApiPropertyOptional({
    example: '1FUJGLDR12LM12345',
    type: String,
    nullable: true,
    description: '17 letters and digits, no I, O or Q; stored in capitals',
  })
  @IsOptional()
  @Transform(upperOrNull)
  @Matches(VIN_PATTERN, { message: VIN_MESSAGE })
  @IsString({ message: VIN_MESSAGE })
  vin?: string | null;

  @ApiPropertyOptional({ example: 'TX 4KD-921', type: String, maxLength: 20, nullable: true })
  @IsOptional()
  @Transform(blankIsNull)
  @MaxLength(20, { message: 'plate must be at most 20 characters' })
  @IsString({ message: 'plate must be text' })
  plate?: string | null;

  @ApiPropertyOptional({
    example: '2026-01-01',
    type: String,
    format: 'date',
    nullable: true,
    description: 'YYYY-MM-DD',
  })
  @IsOptional()
  @Transform(blankIsNull)
  @IsISO8601({ strict: true }, { message: 'active_from must be a date such as 2026-01-01' })
  @Matches(DATE, { message: 'active_from must be a date such as 2026-01-01' })
  @IsString({ message: 'active_from must be a date such as 2026-01-01' })
  active_from?: string | null;

  @ApiPropertyOptional({
    example: '2026-12-31',
    type: String,
    format: 'date',
    nullable: true,
    description: 'YYYY-MM-DD, not before active_from',
  })
  @IsOptional()
  @Transform(blankIsNull)
  @IsISO8601({ strict: true }, { message: 'active_to must be a date such as 2026-12-31' })
  @Matches(DATE, { message: 'active_to must be a date such as 2026-12-31' })
  @IsString({ message: 'active_to must be a date such as 2026-12-31' })
  active_to?: string | null;
}

/** PUT: the fields given change; the ones left out keep their values (null clears an optional one). */
export class UpdateVehicleDto extends PartialType(CreateVehicleDto) {}

export class VehicleDto {
  @ApiProperty({ format: 'uuid', example: '5b0f3d1e-9a43-4c8e-8f0e-2b7f6a1c9d10' })
  id: string;

  @ApiProperty({ example: 'T-101' })
  unit: string;

  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' })
  fuel_type: FuelType;

  @ApiProperty({
    enum: FUEL_TYPE_SOURCES,
    example: 'purchases',
    description:
      'purchases: read from what the unit bought when an import first named it; default: it had bought nothing, so ' +
      'diesel, until its first purchases are imported; user: chosen in the form (an import never changes it)',
  })
  fuel_type_source: FuelTypeSource;

  @ApiProperty({ example: '1FUJGLDR12LM12345', nullable: true, type: String })
  vin: string | null;

  @ApiProperty({ example: 'TX 4KD-921', nullable: true, type: String })
  plate: string | null;

  @ApiProperty({ example: '2026-01-01', format: 'date', nullable: true, type: String })
  active_from: string | null;

  @ApiProperty({ example: null, format: 'date', nullable: true, type: String })
  active_to: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-04-02T14:05:00.000Z' })
  created_at: string;

  @ApiProperty({ format: 'date-time', example: '2026-04-02T14:05:00.000Z' })
  updated_at: string;
}

export class VehiclePageDto {
  @ApiProperty({ type: [VehicleDto] })
  data: VehicleDto[];

  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}

export class ListVehiclesDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE, { message: PAGE_TOO_LARGE })
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: VEHICLE_MAX_PAGE_SIZE, default: VEHICLE_PAGE_SIZE, example: 25 })
  @IsOptional()
  @Type(() => Number)
  @Max(VEHICLE_MAX_PAGE_SIZE, { message: `limit must be at most ${VEHICLE_MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Part of the unit, VIN or plate, any case', maxLength: 50, example: 't-1' })
  @IsOptional()
  @MaxLength(50, { message: 'search must be at most 50 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;

  @ApiPropertyOptional({ enum: FUEL_TYPES, example: 'diesel' })
  @IsOptional()
  @IsIn(FUEL_TYPES, { message: FUEL_MESSAGE })
  fuel_type?: FuelType;

  @ApiPropertyOptional({ enum: VEHICLE_SORT_FIELDS, default: 'unit', example: 'unit' })
  @IsOptional()
  @IsIn(VEHICLE_SORT_FIELDS, { message: `sort must be one of ${VEHICLE_SORT_FIELDS.join(', ')}` })
  sort?: VehicleSortField;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc', example: 'asc' })
  @IsOptional()
  @Transform(lower)
  @IsIn(SORT_ORDERS, { message: 'order must be asc or desc' })
  order?: SortOrder;
}
