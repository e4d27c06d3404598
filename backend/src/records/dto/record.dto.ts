import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsUUID,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MaxDecimalPlaces } from '../../common/validators/max-decimal-places.js';
import { MAX_PAGE, PAGE_TOO_LARGE } from '../../common/paging.js';
import { FUEL_TYPES } from '../../ifta/index.js';
import { NON_TAXABLE_REASONS, QUANTITY_UNITS } from '../record-fields.js';
import {
  TEMPLATE_FORMATS,
  TEMPLATE_LANGUAGES,
  type TemplateFormat,
  type TemplateLanguage,
} from '../record-template.js';

const QUARTER = /^Q[1-4]-20\d\d$/;
/** The most records one list request may name by id: a finding's records fit, and the URL stays short. */
export const MAX_LISTED_IDS = 100;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a trip and a fuel purchase share: when, which truck, where (a code or a name, as reports accept). */
class RecordBaseDto {
  @ApiProperty({ example: '2026-04-14', description: 'YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'date must be a date such as 2026-04-14' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date such as 2026-04-14' })
  date: string;

  @ApiProperty({ example: 'T-101', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'unit must be at most 50 characters' })
  @IsNotEmpty({ message: 'unit is required' })
  @IsString({ message: 'unit is required' })
  unit: string;

  @ApiProperty({
    example: 'TX',
    description: 'A jurisdiction code or name (IFTA members and AK, HI, DC, YT, NT, NU, MX)',
  })
  @Transform(trim)
  @MaxLength(100)
  @IsNotEmpty({ message: 'jurisdiction is required' })
  @IsString({ message: 'jurisdiction is required' })
  jurisdiction: string;
}

export class TripDto extends RecordBaseDto {
  @ApiProperty({ example: 412.5, minimum: 0 })
  @Min(0, { message: 'miles must not be negative' })
  @Max(1_000_000_000, { message: 'miles must not exceed 1,000,000,000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'miles must be a number' })
  miles: number;

  @ApiPropertyOptional({ example: true, default: true })
  @IsOptional()
  @IsBoolean({ message: 'taxable must be true or false' })
  taxable?: boolean;

  @ApiPropertyOptional({ enum: NON_TAXABLE_REASONS, nullable: true, description: 'Why the miles are not taxable' })
  @IsOptional()
  @IsIn(NON_TAXABLE_REASONS, { message: `non_taxable_reason must be one of ${NON_TAXABLE_REASONS.join(', ')}` })
  non_taxable_reason?: (typeof NON_TAXABLE_REASONS)[number] | null;

  @ApiPropertyOptional({
    example: 182_340.5,
    minimum: 0,
    nullable: true,
    type: Number,
    description: 'Odometer at the start',
  })
  @IsOptional()
  @Min(0, { message: 'odometer_start must not be negative' })
  @Max(99_999_999_999, { message: 'odometer_start must not exceed 99,999,999,999' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'odometer_start must be a number' })
  odometer_start?: number | null;

  @ApiPropertyOptional({
    example: 182_752.9,
    minimum: 0,
    nullable: true,
    type: Number,
    description: 'Odometer at the end',
  })
  @IsOptional()
  @Min(0, { message: 'odometer_end must not be negative' })
  @Max(99_999_999_999, { message: 'odometer_end must not exceed 99,999,999,999' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'odometer_end must be a number' })
  odometer_end?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 50,
    example: 'TR-2026-0412',
    description: 'The trip this segment belongs to: segments sharing a trip number are one trip',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(50, { message: 'trip_number must be at most 50 characters' })
  @IsString({ message: 'trip_number must be text' })
  trip_number?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    example: 'J. Smith',
    description: 'The driver, when known',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'driver must be at most 100 characters' })
  @IsString({ message: 'driver must be text' })
  driver?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    example: 'Dallas',
    description: 'Where the trip started: the city',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'origin_city must be at most 100 characters' })
  @IsString({ message: 'origin_city must be text' })
  origin_city?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    example: 'TX',
    description: 'Where the trip started: a jurisdiction code or name',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'origin_jurisdiction must be at most 100 characters' })
  @IsString({ message: 'origin_jurisdiction must be text' })
  origin_jurisdiction?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    example: 'Tulsa',
    description: 'Where the trip ended: the city',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'destination_city must be at most 100 characters' })
  @IsString({ message: 'destination_city must be text' })
  destination_city?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    example: 'OK',
    description: 'Where the trip ended: a jurisdiction code or name',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'destination_jurisdiction must be at most 100 characters' })
  @IsString({ message: 'destination_jurisdiction must be text' })
  destination_jurisdiction?: string | null;
}

export class FuelPurchaseDto extends RecordBaseDto {
  @ApiProperty({ example: 120.4, minimum: 0 })
  @Min(0, { message: 'quantity must not be negative' })
  @Max(1_000_000_000, { message: 'quantity must not exceed 1,000,000,000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'quantity must be a number' })
  quantity: number;

  @ApiPropertyOptional({ enum: QUANTITY_UNITS, default: 'gal' })
  @IsOptional()
  @IsIn(QUANTITY_UNITS, { message: 'quantity_unit must be one of gal, l' })
  quantity_unit?: 'gal' | 'l';

  @ApiPropertyOptional({ enum: FUEL_TYPES, default: 'diesel' })
  @IsOptional()
  @IsIn(FUEL_TYPES, { message: `fuel_type must be one of ${FUEL_TYPES.join(', ')}` })
  fuel_type?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'tax_paid must be true or false' })
  tax_paid?: boolean;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'vendor must be at most 100 characters' })
  @IsString({ message: 'vendor must be text' })
  vendor?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @IsOptional()
  @Transform(trim)
  @MaxLength(50, { message: 'receipt_number must be at most 50 characters' })
  @IsString({ message: 'receipt_number must be text' })
  receipt_number?: string;

  @ApiPropertyOptional({ maxLength: 200, example: '1200 I-35 N, Dallas TX', description: "The seller's address" })
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'vendor_address must be at most 200 characters' })
  @IsString({ message: 'vendor_address must be text' })
  vendor_address?: string;

  @ApiPropertyOptional({
    example: 452.18,
    minimum: 0,
    nullable: true,
    type: Number,
    description: 'The total the receipt shows',
  })
  @IsOptional()
  @Min(0, { message: 'total_price must not be negative' })
  @Max(10_000_000, { message: 'total_price must not exceed 10,000,000' })
  @MaxDecimalPlaces(2)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'total_price must be a number' })
  total_price?: number | null;
}

export class ListRecordsDto {
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

  @ApiPropertyOptional({ example: 'Q2-2026', description: 'Only the records dated in this quarter' })
  @IsOptional()
  @Matches(QUARTER, { message: 'period must be a quarter such as Q2-2026' })
  period?: string;

  @ApiPropertyOptional({ example: 'T-101' })
  @IsOptional()
  @MaxLength(50)
  @IsString()
  unit?: string;

  @ApiPropertyOptional({
    type: String,
    example: '7f0c3c1e-3f52-4a0e-9a51-0b6f4f1d1a11,0d3b0f8e-8c55-4a8e-b3c4-5a0a1c2e9f10',
    description: `Only these records: ids separated by commas, at most ${MAX_LISTED_IDS} (the records of a finding)`,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : value,
  )
  @ArrayMaxSize(MAX_LISTED_IDS, { message: `ids must name at most ${MAX_LISTED_IDS} records` })
  @IsUUID('all', { each: true, message: 'ids must be record ids separated by commas' })
  @IsArray({ message: 'ids must be record ids separated by commas' })
  ids?: string[];
}

export class RecordImportDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A CSV file with a header row' })
  @Allow() // the file itself arrives through multer, never as a body field
  file?: unknown;

  @ApiPropertyOptional({
    description: 'JSON object field -> column header; missing: the mapping remembered for this layout, else guessed',
    example: '{"date":"Trip Date","unit":"Truck","jurisdiction":"State","miles":"Miles"}',
  })
  @IsOptional()
  @IsString({ message: 'mapping must be a JSON object of field to column header' })
  mapping?: string;

  @ApiPropertyOptional({
    description:
      'JSON: what the preview asked to resolve, {"products": {"Future Defined": "skip", "Mid/Plus 2": "gasoline"}, ' +
      '"units": {"CI": "skip", "LT": "l"}, "prices": {"DQ": "none"}}: a product to a fuel type or "skip", a unit to ' +
      'gal/l (mi/km) or "skip", a total that is no number to "none" (kept without a total) or "skip"',
    example: '{"products":{"Future Defined":"skip"},"units":{"CI":"skip"}}',
  })
  @IsOptional()
  @MaxLength(100_000, { message: 'resolutions must be at most 100,000 characters' })
  @IsString({ message: 'resolutions must be a JSON object of products and units' })
  resolutions?: string;

  @ApiPropertyOptional({
    description: 'The date of every row when the file has no date column: YYYY-MM-DD, or a quarter (its first day)',
    example: 'Q1-2025',
  })
  @IsOptional()
  @MaxLength(20, { message: 'default_date must be a date such as 2026-04-01 or a quarter such as Q2-2026' })
  @IsString({ message: 'default_date must be a date such as 2026-04-01 or a quarter such as Q2-2026' })
  default_date?: string;

  @ApiPropertyOptional({ description: 'The unit of every row when the file has no unit column', example: '1104' })
  @IsOptional()
  @MaxLength(50, { message: 'default_unit must be at most 50 characters' })
  @IsString({ message: 'default_unit must be text' })
  default_unit?: string;

  @ApiPropertyOptional({ enum: ['skip', 'add'], default: 'skip', description: 'Apply: what to do with duplicates' })
  @IsOptional()
  @IsIn(['skip', 'add'], { message: 'duplicates must be one of skip, add' })
  duplicates?: 'skip' | 'add';
}

export class RecordPreviewQueryDto {
  @ApiPropertyOptional({
    enum: ['csv'],
    description: 'csv: answer every problem of the file as a CSV download instead of the preview',
  })
  @IsOptional()
  @IsIn(['csv'], { message: 'problems must be csv' })
  problems?: 'csv';
}

export class RecordTemplateQueryDto {
  @ApiPropertyOptional({ enum: TEMPLATE_FORMATS, default: 'csv' })
  @IsOptional()
  @IsIn(TEMPLATE_FORMATS, { message: 'format must be csv or xlsx' })
  format?: TemplateFormat;

  @ApiPropertyOptional({ enum: TEMPLATE_LANGUAGES, default: 'en', description: 'The language of the headers' })
  @IsOptional()
  @IsIn(TEMPLATE_LANGUAGES, { message: 'lang must be en or ru' })
  lang?: TemplateLanguage;
}

export class BuildReturnDto {
  @ApiProperty({ example: 'Q2-2026' })
  @Matches(QUARTER, { message: 'period must be a quarter such as Q2-2026' })
  @IsString({ message: 'period must be a quarter such as Q2-2026' })
  period: string;

  @ApiPropertyOptional({ enum: FUEL_TYPES, default: 'diesel' })
  @IsOptional()
  @IsIn(FUEL_TYPES, { message: `fuel_type must be one of ${FUEL_TYPES.join(', ')}` })
  fuel_type?: string;
}

export class ChecksQueryDto {
  @ApiProperty({ example: 'Q2-2026' })
  @Matches(QUARTER, { message: 'period must be a quarter such as Q2-2026' })
  @IsString({ message: 'period must be a quarter such as Q2-2026' })
  period: string;
}
