import { ApiProperty } from '@nestjs/swagger';
import { FILING_STATES } from '../../reports/filing-states.js';
import { TAX_PERIOD_TYPES } from '../../users/settings-options.js';

const STATE_DESCRIPTION =
  'none: no report; draft: only drafts, not yet due; overdue: past the due date with no final; final: filed on time; ' +
  'filed_late: filed after the due date; amended: the return as filed is an amended return';

export class CompanyFilingDto {
  @ApiProperty({ description: 'The company as its reports name it', example: 'Acme Freight LLC' })
  company_name: string;
  @ApiProperty({ enum: FILING_STATES, description: STATE_DESCRIPTION, example: 'final' }) state: string;
}

export class QuarterFilingDto {
  @ApiProperty({ example: 'Q3-2026' }) period: string;
  @ApiProperty({ format: 'date', example: '2026-11-02' }) due_date: string;
  @ApiProperty({
    enum: FILING_STATES,
    description: `${STATE_DESCRIPTION}. With several companies, the state of the least advanced one`,
    example: 'final',
  })
  state: string;
  @ApiProperty({ type: [CompanyFilingDto], description: 'Each company the reports of this return name, by name' })
  companies: CompanyFilingDto[];
}

export class NextDueDto extends QuarterFilingDto {
  @ApiProperty({ description: "Days from today (the account's time zone) to the due date", example: 70 })
  days_left: number;
}

export class ReturnDueDto extends NextDueDto {
  @ApiProperty({ description: 'Past the due date with no final: days_left is then negative' }) overdue: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Overdue: the late penalty (US$) a final filed today would carry, on the latest draft of each company that ' +
      'has not filed ($50 when there is none); null when not overdue',
    example: 50,
  })
  penalty: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Overdue: the late interest (US$) accrued to today on those drafts; null when not overdue or unknown',
    example: 1.25,
  })
  interest: number | null;
  @ApiProperty({ description: 'Overdue and a month of the interest has no annual rate on record' })
  interest_rate_missing: boolean;
}

export class CalendarInterestRateDto {
  @ApiProperty({ format: 'date', example: '2025-01-01' }) from: string;
  @ApiProperty({ format: 'date', example: '2025-12-31' }) to: string;
  @ApiProperty({ description: 'Annual rate as a decimal fraction', example: '0.09' }) annualRate: string;
}

export class FilingCalendarResponseDto {
  @ApiProperty({ format: 'date', description: "Today in the account's time zone", example: '2026-11-23' })
  today: string;
  @ApiProperty({ enum: TAX_PERIOD_TYPES, example: 'quarterly' }) period_type: string;
  @ApiProperty({
    description: 'The current period and the ones before it, newest first',
    example: ['Q4-2026', 'Q3-2026', 'Q2-2026'],
  })
  periods: string[];
  @ApiProperty({ description: 'The last closed period', example: 'Q3-2026' }) default_period: string;
  @ApiProperty({ type: NextDueDto, description: 'The next due date from today on, filed or not' })
  next_due: NextDueDto;
  @ApiProperty({
    type: ReturnDueDto,
    description:
      'The oldest return still to file: of the last four closed quarters the oldest without a final (a quarter ' +
      'before the last closed one only when the account has a report for it), else the next one due',
  })
  return_due: ReturnDueDto;
  @ApiProperty({ type: [QuarterFilingDto], description: 'The last four closed quarters, newest first' })
  quarters: QuarterFilingDto[];
  @ApiProperty({
    type: [CalendarInterestRateDto],
    description: "IFTA's annual late-interest rates by period, for a late warning computed in the browser",
  })
  interest_rates: CalendarInterestRateDto[];
}
