import { ApiProperty } from '@nestjs/swagger';

/** The pagination half of the list envelope (docs/product-spec.md §3 Envelopes), the same on every list. */
export class PaginationDto {
  @ApiProperty({ description: 'Rows matching the filters', example: 58 })
  total: number;

  @ApiProperty({ description: 'Pages of `limit` rows (0 when nothing matches)', example: 3 })
  totalPages: number;

  @ApiProperty({ example: 1 })
  page: number;

  @ApiProperty({ example: 20 })
  limit: number;
}
