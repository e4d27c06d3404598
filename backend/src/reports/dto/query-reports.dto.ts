import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { REPORT_STATUSES, type ReportStatus } from '../entities/report.entity.js';
import { REPORT_LIMITS } from './report-limits.js';
import { MAX_OFFSET, MAX_PAGE, OFFSET_TOO_LARGE, PAGE_TOO_LARGE } from '../../common/paging.js';

export const REPORT_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'name',
  'company_name',
  'period',
  'status',
  'total_tax_due',
  'total_miles',
] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];
export const REPORT_SORT_ORDERS = ['asc', 'desc'] as const;

/** The parameters that ask for one page (README, "Reports list and dashboard at fleet size"); without any of them the list is the spec's array. */
export const REPORT_PAGE_PARAMETERS = ['page', 'limit', 'search', 'status', 'sort', 'order'] as const;

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** Query of GET /protected/reports. */
export class QueryReportsDto {
  @ApiPropertyOptional({ description: 'Page number (asks for one page)', minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: PAGE_TOO_LARGE })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @ApiPropertyOptional({
    description:
      `Reports per page (asks for one page), at most ${REPORT_LIMITS.maxPageSize}; beside offset, how many of the ` +
      `plain list, at most ${REPORT_LIMITS.maxListLimit}`,
    minimum: 1,
    maximum: REPORT_LIMITS.maxListLimit,
    default: REPORT_LIMITS.pageSize,
    example: 25,
  })
  @IsOptional()
  @Type(() => Number)
  @Max(REPORT_LIMITS.maxListLimit, { message: `limit must be at most ${REPORT_LIMITS.maxListLimit}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @ApiPropertyOptional({
    description: 'Part of the name or company name, any case, matched literally (asks for one page)',
    maxLength: 100,
    example: 'acme',
  })
  @IsOptional()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;

  @ApiPropertyOptional({ enum: REPORT_STATUSES, description: 'Only drafts or only finals (asks for one page)' })
  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: `status must be one of ${REPORT_STATUSES.join(', ')}` })
  status?: ReportStatus;

  @ApiPropertyOptional({ enum: REPORT_SORT_FIELDS, default: 'created_at', description: 'Asks for one page' })
  @IsOptional()
  @IsIn(REPORT_SORT_FIELDS, { message: `sort must be one of ${REPORT_SORT_FIELDS.join(', ')}` })
  sort?: ReportSortField;

  @ApiPropertyOptional({ enum: REPORT_SORT_ORDERS, default: 'desc', description: 'Asks for one page' })
  @IsOptional()
  @Transform(lower)
  @IsIn(REPORT_SORT_ORDERS, { message: 'order must be asc or desc' })
  order?: (typeof REPORT_SORT_ORDERS)[number];

  @ApiPropertyOptional({
    description: `Asks for the plain list (with limit at most): skip this many of the newest reports`,
    example: 0,
    minimum: 0,
  })
  @IsOptional()
  @Type(() => Number)
  @Min(0, { message: 'offset must be at least 0' })
  @IsInt({ message: 'offset must be a whole number' })
  @Max(MAX_OFFSET, { message: OFFSET_TOO_LARGE })
  offset?: number;
}
