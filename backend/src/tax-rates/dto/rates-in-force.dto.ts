import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { FUEL_TYPES, RATE_KINDS, type FuelType, type RateKind } from '../fuel-types.js';
import { QUARTER_MESSAGE, QUARTER_PATTERN } from '../quarter.js';

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** Query of GET /protected/tax-rates/in-force. */
export class RatesInForceQueryDto {
  @ApiProperty({ description: 'The filing quarter', example: 'Q2-2026' })
  @Matches(QUARTER_PATTERN, { message: `period ${QUARTER_MESSAGE}` })
  @IsString({ message: `period ${QUARTER_MESSAGE}` })
  period: string;

  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' })
  @IsIn(FUEL_TYPES, { message: `fuel_type must be one of ${FUEL_TYPES.join(', ')}` })
  fuel_type: FuelType;
}

export class RateInForceDto {
  @ApiProperty({ description: 'Jurisdiction code (a custom rate keeps its abbreviation)', example: 'KY' })
  code: string;

  @ApiProperty({ example: 'Kentucky' })
  name: string;

  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' })
  fuel_type: string;

  @ApiProperty({ enum: RATE_KINDS, example: 'surcharge' })
  kind: RateKind;

  @ApiProperty({ description: 'US dollars per gallon, exact decimal text with 4 decimals', example: '0.1050' })
  rate: string;

  @ApiProperty({ format: 'date', description: 'The day this rate starts to apply', example: '2026-04-01' })
  effective_from: string;

  @ApiPropertyOptional({
    enum: ['official', 'override', 'provisional'],
    description:
      "'provisional' on `provisional_rates`; 'override' on a quarter's own rate the account entered or edited; " +
      'absent on a published (official) rate',
    example: 'provisional',
  })
  rate_source?: 'official' | 'override' | 'provisional';
}

/** The rates in force for one quarter and fuel type (the quarterly rule is described on AccountTaxRates). */
export class MatrixInForceDto {
  @ApiProperty({ example: 'Q3-2026' })
  quarter: string;

  @ApiProperty({
    example: 1,
    description: "The quarter's version of IFTA's matrix in force (corrections add versions)",
  })
  version: number;

  @ApiProperty({ format: 'date-time', description: 'When the product fetched or received it' })
  fetched_at: string;
}

export class RatesInForceDto {
  @ApiProperty({ example: 'Q2-2026' })
  period: string;

  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' })
  fuel_type: string;

  @ApiProperty({ type: [RateInForceDto], description: "The quarter's own rates; empty when the quarter has none" })
  rates: RateInForceDto[];

  @ApiProperty({
    type: [RateInForceDto],
    description:
      'For each jurisdiction with no rate in the quarter, the rates of the newest quarter that has some: a return ' +
      "uses them, marked provisional, until the quarter's matrix is imported",
  })
  provisional_rates: RateInForceDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The quarter whose rates `provisional_rates` are (the newest when several); null when there are none',
    example: 'Q2-2026',
  })
  provisional_from: string | null;

  @ApiProperty({
    type: MatrixInForceDto,
    nullable: true,
    description:
      "IFTA's official matrix published for the quarter, which every account's table holds; null while the quarter " +
      'has none (its returns are priced provisionally)',
  })
  matrix: MatrixInForceDto | null;
}
