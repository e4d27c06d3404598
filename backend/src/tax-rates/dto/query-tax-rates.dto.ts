import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { FUEL_TYPES, type FuelType } from '../fuel-types.js';
import { QUARTER_MESSAGE, QUARTER_PATTERN } from '../quarter.js';
import {
  SORT_ORDERS,
  TAX_RATE_COUNTRIES,
  TAX_RATE_MAX_PAGE_SIZE,
  TAX_RATE_PAGE_SIZE,
  TAX_RATE_SORT_FIELDS,
  type SortOrder,
  type TaxRateCountry,
  type TaxRateSortField,
} from '../tax-rate-options.js';
import { MAX_PAGE, PAGE_TOO_LARGE } from '../../common/paging.js';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** Query of GET /protected/tax-rates-management (docs/product-spec.md §7). */
export class QueryTaxRatesDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE, { message: PAGE_TOO_LARGE })
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: TAX_RATE_MAX_PAGE_SIZE, default: TAX_RATE_PAGE_SIZE, example: 20 })
  @IsOptional()
  @Type(() => Number)
  @Max(TAX_RATE_MAX_PAGE_SIZE, { message: `limit must be at most ${TAX_RATE_MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Part of the name or abbreviation, any case', maxLength: 100, example: 'cal' })
  @IsOptional()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;

  @ApiPropertyOptional({ enum: TAX_RATE_COUNTRIES, example: 'USA' })
  @IsOptional()
  @IsIn(TAX_RATE_COUNTRIES, { message: 'country must be USA or Canada' })
  country?: TaxRateCountry;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only active or only inactive rates', example: 'true' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'is_active must be true or false' })
  is_active?: 'true' | 'false';

  @ApiPropertyOptional({ enum: TAX_RATE_SORT_FIELDS, default: 'name', example: 'name' })
  @IsOptional()
  @IsIn(TAX_RATE_SORT_FIELDS, { message: `sort must be one of ${TAX_RATE_SORT_FIELDS.join(', ')}` })
  sort?: TaxRateSortField;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc', example: 'asc' })
  @IsOptional()
  @Transform(lower)
  @IsIn(SORT_ORDERS, { message: 'order must be asc or desc' })
  order?: SortOrder;

  @ApiPropertyOptional({
    description:
      'Only the rates whose effective date falls in this quarter (base and surcharge rows). Asking for a ' +
      'quarter or a fuel type adds fuel_type, kind and rate_cad_per_litre to each row.',
    example: 'Q2-2026',
  })
  @IsOptional()
  @Matches(QUARTER_PATTERN, { message: `quarter ${QUARTER_MESSAGE}` })
  @IsString({ message: `quarter ${QUARTER_MESSAGE}` })
  quarter?: string;

  @ApiPropertyOptional({
    enum: FUEL_TYPES,
    description: 'Rates of this fuel type (base and surcharge rows); without it and quarter, diesel base',
    example: 'diesel',
  })
  @IsOptional()
  @IsIn(FUEL_TYPES, { message: `fuel_type must be one of ${FUEL_TYPES.join(', ')}` })
  fuel_type?: FuelType;
}
