import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsISO8601, IsNumber, IsString, Length, Matches, Max, Min } from 'class-validator';
import { MaxDecimalPlaces } from '../../common/validators/max-decimal-places.js';

/**
 * IFTA's annual rate is the IRS underpayment rate plus 2 points: 5% to 12% since 2013. Anything above 25% a year is a
 * typing slip (50 for 0.50, a monthly figure taken for a percent), and the table prices every late return.
 */
export const MAX_ANNUAL_INTEREST_RATE = 0.25;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = (field: string) => `${field} must be a date such as 2026-01-01`;

export class InterestRatePeriodDto {
  @ApiProperty({ format: 'date', example: '2026-01-01' }) effective_from: string;
  @ApiProperty({ format: 'date', example: '2026-12-31' }) effective_to: string;
  @ApiProperty({ description: 'Annual rate as a fraction, exact text: 0.0900 is 9%', example: '0.0900' })
  annual_rate: string;
  @ApiProperty({ example: 'IFTA, Inc. interest rate notice for 2026' }) source: string;
}

export class InterestRatesDto {
  @ApiProperty({ type: [InterestRatePeriodDto] }) periods: InterestRatePeriodDto[];
  @ApiProperty({
    type: [Number],
    description:
      'Every year from 2000 (the first a report may be for) to this one that no period covers on some day: late ' +
      'returns there show "Annual rate missing"',
    example: [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2026],
  })
  missing_years: number[];
}

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** PUT body: the period that starts on the path's date. */
export class SaveInterestRatePeriodDto {
  @ApiProperty({ format: 'date', example: '2026-12-31', description: "The period's last day" })
  @IsISO8601({ strict: true }, { message: DATE_MESSAGE('effective_to') })
  @Matches(DATE, { message: DATE_MESSAGE('effective_to') })
  @IsString({ message: DATE_MESSAGE('effective_to') })
  effective_to: string;

  @ApiProperty({
    description: 'Annual rate as a fraction (0.09 is 9%), at most 4 decimals, from 0 to 0.25',
    example: 0.09,
    minimum: 0,
    maximum: MAX_ANNUAL_INTEREST_RATE,
  })
  @MaxDecimalPlaces(4, { message: 'annual_rate must have at most 4 decimals (0.0900 is 9%)' })
  @Max(MAX_ANNUAL_INTEREST_RATE, {
    message: 'annual_rate must be at most 0.25 (25% a year); IFTA publishes a fraction such as 0.09 for 9%',
  })
  @Min(0, { message: 'annual_rate must not be negative' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'annual_rate must be a number such as 0.09' })
  annual_rate: number;

  @ApiProperty({ description: 'Where the figure was published, so it can be checked again', example: 'IFTA, Inc.' })
  @Length(1, 200, { message: 'source must be 1 to 200 characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'source must be 1 to 200 characters' })
  source: string;
}
