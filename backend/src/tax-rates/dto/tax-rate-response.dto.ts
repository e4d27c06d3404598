import { PaginationDto } from '../../common/dto/pagination.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FUEL_TYPES, RATE_KINDS, type FuelType, type RateKind } from '../fuel-types.js';
import type { TaxRate } from '../entities/tax-rate.entity.js';
import { TAX_RATE_COUNTRIES, type TaxRateCountry } from '../tax-rate-options.js';

/** One rate as the API answers it (docs/product-spec.md §3 Tax rate). */
export class TaxRateResponseDto {
  @ApiProperty({ format: 'uuid', example: '5b0f3d1e-9a43-4c8e-8f0e-2b7f6a1c9d10' })
  id: string;

  @ApiProperty({ example: 'California' })
  name: string;

  @ApiProperty({ example: 'CA' })
  abbreviation: string;

  @ApiProperty({ description: 'US dollars per gallon, 4 decimals', example: 0.971 })
  rate: number;

  @ApiProperty({ enum: TAX_RATE_COUNTRIES, example: 'USA' })
  country: TaxRateCountry;

  @ApiProperty({ example: true })
  is_active: boolean;

  @ApiProperty({ format: 'date', example: '2026-04-01' })
  effective_date: string;

  @ApiProperty({ format: 'date-time', example: '2026-04-02T14:05:00.000Z' })
  created_at: Date;

  @ApiProperty({ format: 'date-time', example: '2026-04-02T14:05:00.000Z' })
  updated_at: Date;

  @ApiPropertyOptional({ enum: FUEL_TYPES, description: 'Only when the list asks for a quarter or fuel type' })
  fuel_type?: FuelType;

  @ApiPropertyOptional({ enum: RATE_KINDS, description: 'Only when the list asks for a quarter or fuel type' })
  kind?: RateKind;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: "The matrix's CAN$/litre figure; only when the list asks for a quarter or fuel type",
    example: 0.13,
  })
  rate_cad_per_litre?: number | null;

  static from(row: TaxRate): TaxRateResponseDto {
    return {
      id: row.id,
      name: row.name,
      abbreviation: row.abbreviation,
      rate: row.rate,
      country: row.country,
      is_active: row.isActive,
      effective_date: row.effectiveDate,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
  }
}

/** The list envelope (docs/product-spec.md §3 Envelopes): rows plus pagination. */
export class TaxRatePageDto {
  @ApiProperty({ type: [TaxRateResponseDto] })
  data: TaxRateResponseDto[];

  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}
