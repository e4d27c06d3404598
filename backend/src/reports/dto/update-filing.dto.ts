import { ApiProperty } from '@nestjs/swagger';
import { IsFilingDate } from './filing-date.validator.js';

/** PATCH body: corrects the day a final report was filed; penalty and interest follow. */
export class UpdateFilingDto {
  @ApiProperty({ description: 'The day the return was filed (ISO date, not after today)', example: '2026-06-15' })
  @IsFilingDate()
  filed_at: string;
}
