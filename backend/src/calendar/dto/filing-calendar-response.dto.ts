import { ApiProperty } from '@nestjs/swagger';
import { TAX_PERIOD_TYPES } from '../../users/settings-options.js';

const STATES = ['none', 'draft', 'final', 'filed_late'] as const;

export class QuarterFilingDto {
  @ApiProperty({ example: 'Q3-2026' }) period: string;
  @ApiProperty({ format: 'date', example: '2026-11-02' }) due_date: string;
  @ApiProperty({
    enum: STATES,
    description:
      'none: no report; draft: only drafts; final: filed on time; filed_late: final, filed after the due date',
    example: 'final',
  })
  state: string;
}

export class NextDueDto extends QuarterFilingDto {
  @ApiProperty({ description: "Days from today (the account's time zone) to the due date", example: 70 })
  days_left: number;
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
  @ApiProperty({ type: NextDueDto }) next_due: NextDueDto;
  @ApiProperty({ type: [QuarterFilingDto], description: 'The last four closed quarters, newest first' })
  quarters: QuarterFilingDto[];
}
