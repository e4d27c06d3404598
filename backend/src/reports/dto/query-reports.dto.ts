import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { REPORT_LIMITS } from './report-limits.js';

export class QueryReportsDto {
  @ApiPropertyOptional({
    description: `At most this many reports, newest first (default and maximum ${REPORT_LIMITS.maxListLimit})`,
    example: 50,
    minimum: 1,
    maximum: REPORT_LIMITS.maxListLimit,
  })
  @Type(() => Number)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(REPORT_LIMITS.maxListLimit)
  limit?: number;

  @ApiPropertyOptional({ description: 'Skip this many reports', example: 0, minimum: 0 })
  @Type(() => Number)
  @IsOptional()
  @IsInt()
  @Min(0)
  offset?: number;
}
