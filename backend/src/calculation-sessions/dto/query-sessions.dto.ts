import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { trimText } from '../../common/dto/input-transforms.js';
import { SESSION_STATUSES, type SessionStatus } from '../entities/calculation-session.entity.js';
import { MAX_PAGE, PAGE_TOO_LARGE } from '../../common/paging.js';

const SESSION_SORT_FIELDS = ['created_at', 'updated_at', 'name', 'company_name'] as const;
export type SessionSortField = (typeof SESSION_SORT_FIELDS)[number];
const SORTS = SESSION_SORT_FIELDS.flatMap((field) => [field, `-${field}`]);

export class QuerySessionsDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_PAGE, example: 1 })
  @Type(() => Number)
  @IsOptional()
  @Max(MAX_PAGE, { message: PAGE_TOO_LARGE })
  @Min(1)
  @IsInt()
  page?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100, example: 20 })
  @Type(() => Number)
  @IsOptional()
  @Min(1)
  @Max(100)
  @IsInt()
  limit?: number;

  @ApiPropertyOptional({ enum: SESSION_STATUSES })
  @IsOptional()
  @IsIn(SESSION_STATUSES, { message: `status must be one of ${SESSION_STATUSES.join(', ')}` })
  status?: SessionStatus;

  @ApiPropertyOptional({ description: 'Exact tax period', example: 'Q1-2025' })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(20)
  @IsString()
  period?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the name or company name', example: 'acme' })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(100)
  @IsString()
  search?: string;

  @ApiPropertyOptional({
    description: 'Field to sort on; a leading "-" sorts descending (default -created_at)',
    enum: SORTS,
    example: '-updated_at',
  })
  @IsOptional()
  @IsIn(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` })
  sort?: string;

  @ApiPropertyOptional({ description: 'Direction when sort has no "-" prefix (default asc)', enum: ['asc', 'desc'] })
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be one of asc, desc' })
  order?: 'asc' | 'desc';
}
