import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
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
import {
  ABBREVIATION_MAX_LENGTH,
  RATE_DECIMALS,
  RATE_MAX,
  TAX_RATE_COUNTRIES,
  type TaxRateCountry,
} from '../tax-rate-options.js';
import { MaxDecimalPlaces } from '../../common/validators/max-decimal-places.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimUpper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** POST body (docs/product-spec.md §7): `{name, abbreviation, rate, country, is_active, effective_date}`. */
export class CreateTaxRateDto {
  @ApiProperty({ description: 'Jurisdiction name', maxLength: 100, example: 'California' })
  @Transform(trim)
  @IsDefined({ message: 'Name is required' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name must be text' })
  name: string;

  @ApiProperty({
    description: `Jurisdiction code, stored upper-case; at most ${ABBREVIATION_MAX_LENGTH} characters`,
    maxLength: ABBREVIATION_MAX_LENGTH,
    example: 'CA',
  })
  @Transform(trimUpper)
  @IsDefined({ message: 'Abbreviation is required' })
  @MaxLength(ABBREVIATION_MAX_LENGTH, {
    message: `Abbreviation must be at most ${ABBREVIATION_MAX_LENGTH} characters`,
  })
  @IsNotEmpty({ message: 'Abbreviation is required' })
  @IsString({ message: 'Abbreviation must be text' })
  abbreviation: string;

  @ApiProperty({
    description: `US dollars per gallon, not negative, at most ${RATE_DECIMALS} decimals`,
    minimum: 0,
    maximum: RATE_MAX,
    example: 0.971,
  })
  @IsDefined({ message: 'Tax rate is required' })
  @Max(RATE_MAX, { message: `Tax rate must be at most ${RATE_MAX}` })
  @Min(0, { message: 'Tax rate cannot be negative' })
  @MaxDecimalPlaces(RATE_DECIMALS, {
    message: `Tax rate must be a number with at most ${RATE_DECIMALS} decimal places`,
  })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: `Tax rate must be a number with at most ${RATE_DECIMALS} decimal places` },
  )
  rate: number;

  @ApiProperty({ enum: TAX_RATE_COUNTRIES, example: 'USA' })
  @IsDefined({ message: 'Country is required' })
  @IsIn(TAX_RATE_COUNTRIES, { message: 'Country must be USA or Canada' })
  country: TaxRateCountry;

  @ApiPropertyOptional({ description: 'Defaults to true', example: true })
  @IsOptional()
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({
    description:
      'ISO 8601 date or timestamp; its calendar date (as written, before any time zone shift) is stored. Defaults to today.',
    example: '2026-04-01T00:00:00.000Z',
  })
  @IsOptional()
  // Only the extended calendar form: week dates (2026-W01), ordinal dates (2026-001) and the basic form
  // (20260401) are ISO 8601 too, but the stored calendar date is the first ten characters.
  @Matches(/^\d{4}-\d{2}-\d{2}(T|$)/, { message: 'Effective date must be an ISO 8601 date' })
  @IsISO8601({ strict: true }, { message: 'Effective date must be an ISO 8601 date' })
  effective_date?: string;
}
