import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
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

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** Query of GET /protected/tax-rates-management (spec §7). */
export class QueryTaxRatesDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
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
}
