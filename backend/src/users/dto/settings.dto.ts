import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IFTA_CODES } from '../../ifta/index.js';
import {
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_SETTINGS,
  DISTANCE_UNITS,
  LANGUAGES,
  MAX_MPG,
  MIN_MPG,
  TAX_PERIOD_TYPES,
  TIMEZONES,
} from '../settings-options.js';
import { MaxDecimalPlaces } from '../../common/validators/max-decimal-places.js';
import { IsTimeZone } from '../../common/validators/time-zone.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upperTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** Nine digits, with or without the dash, are stored as 12-3456789. */
const normaliseFein = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const digits = value.trim();
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
};
const FEIN = /^(\d{2}-\d{7})?$/;

/** The settings object as the API answers it (docs/product-spec.md §3 User settings). */
export class SettingsDto {
  @ApiProperty({ minimum: MIN_MPG, maximum: MAX_MPG, example: DEFAULT_SETTINGS.default_mpg })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @Min(MIN_MPG)
  @Max(MAX_MPG)
  default_mpg: number;

  @ApiProperty({ enum: CURRENCIES, example: 'USD' })
  @IsIn(CURRENCIES, { message: `preferred_currency must be one of ${CURRENCIES.join(', ')}` })
  preferred_currency: string;

  @ApiProperty({ enum: DATE_FORMATS, example: 'MM/DD/YYYY' })
  @IsIn(DATE_FORMATS, { message: `date_format must be one of ${DATE_FORMATS.join(', ')}` })
  date_format: string;

  @ApiProperty({
    example: 'America/New_York',
    description:
      `An IANA time zone. Settings offers ${TIMEZONES.join(', ')} first (the product's North American zones); any ` +
      'other IANA zone, such as Europe/Berlin for a preparer abroad, is accepted too',
  })
  @IsTimeZone()
  timezone: string;

  @ApiProperty({ enum: LANGUAGES, example: 'en' })
  @IsIn(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` })
  language: string;

  @ApiProperty({ example: true })
  @IsBoolean()
  email_notifications: boolean;

  @ApiProperty({ example: true })
  @IsBoolean()
  report_reminders: boolean;

  @ApiProperty({ maxLength: 500, example: '1200 Freight Way, Columbus, OH 43004' })
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  company_address: string;

  @ApiProperty({ maxLength: 50, example: '+1 614 555 0100' })
  @Transform(trim)
  @IsString()
  @MaxLength(50)
  company_phone: string;

  @ApiProperty({ maxLength: 50, example: 'OH-123456789' })
  @Transform(trim)
  @IsString()
  @MaxLength(50)
  ifta_license_number: string;

  @ApiProperty({
    description:
      "The carrier's federal employer identification number, 9 digits written 12-3456789; empty when not set",
    example: '56-1234567',
  })
  @Transform(normaliseFein)
  @IsString()
  @Matches(FEIN, { message: 'fein must be 9 digits, written 12-3456789 (or empty)' })
  fein: string;

  @ApiProperty({
    description: "The base jurisdiction: an IFTA member's code, where the return is filed and paid; empty when not set",
    example: 'NC',
  })
  @Transform(upperTrim)
  @IsString()
  @IsIn(['', ...IFTA_CODES], { message: "base_jurisdiction must be an IFTA member's code, e.g. NC (or empty)" })
  base_jurisdiction: string;

  @ApiProperty({ enum: TAX_PERIOD_TYPES, example: 'quarterly' })
  @IsIn(TAX_PERIOD_TYPES, { message: `default_tax_period_type must be one of ${TAX_PERIOD_TYPES.join(', ')}` })
  default_tax_period_type: string;

  @ApiProperty({
    enum: DISTANCE_UNITS,
    example: 'miles_gallons',
    description:
      'The unit the calculator takes distances and fuel in, and imports read a file that names no unit in: miles and ' +
      "US gallons, or kilometres and litres (converted with IFTA's factors). Stored figures stay miles and gallons.",
  })
  @IsIn(DISTANCE_UNITS, { message: `distance_unit must be one of ${DISTANCE_UNITS.join(', ')}` })
  distance_unit: string;
}

/** PUT body: the full settings object; a field left out keeps its saved value. */
export class UpdateSettingsDto extends PartialType(SettingsDto) {}
