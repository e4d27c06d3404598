import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_PAGE, PAGE_TOO_LARGE } from '../paging.js';

/** page and limit, as the invoice list and the payment history ask them (defaults 1 and 10). */
export class PageQueryDto {
  @ApiPropertyOptional({ description: 'Page number, from 1', minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE, { message: PAGE_TOO_LARGE })
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @ApiPropertyOptional({ description: 'Page size', minimum: 1, maximum: 100, default: 10, example: 10 })
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'limit must be at most 100' })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;
}
