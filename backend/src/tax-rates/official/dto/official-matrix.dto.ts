import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../../common/dto/page-query.dto.js';
import { FUEL_TYPES, RATE_KINDS } from '../../fuel-types.js';
import { PaginationDto } from '../../../common/dto/pagination.dto.js';
import { MATRIX_SOURCE_KINDS, MATRIX_STATUSES } from '../entities/official-rate-matrix.entity.js';
import { RUN_OUTCOMES } from '../entities/rate-matrix-run.entity.js';

export class OfficialMatrixDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Q3-2026' }) quarter: string;
  @ApiProperty({ example: 1, description: "The quarter's versions count from 1; the newest published is in force" })
  version: number;
  @ApiProperty({ enum: MATRIX_STATUSES, example: 'published' }) status: 'published' | 'superseded';
  @ApiProperty({ enum: MATRIX_SOURCE_KINDS, example: 'url' }) source_kind: 'seed' | 'url' | 'file';
  @ApiProperty({ example: 'https://www.iftach.org/taxmatrix/charts/3Q2026.csv' }) source: string;
  @ApiProperty({ description: "SHA-256 of the file's bytes", example: 'a3f…' }) checksum: string;
  @ApiProperty({ example: 658 }) rate_count: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: "The file's footnote markers by jurisdiction code",
    example: { AB: ['14'] },
  })
  footnotes: Record<string, string[]>;
  @ApiProperty({ description: "'updater', 'seed', 'cli' or an operator's e-mail address", example: 'updater' })
  published_by: string;
  @ApiProperty({ format: 'date-time' }) fetched_at: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "When every account's table had taken it",
  })
  applied_at: string | null;
}

export class OfficialRateDto {
  @ApiProperty({ example: 'CA' }) code: string;
  @ApiProperty({ example: 'California' }) name: string;
  @ApiProperty({ enum: ['USA', 'Canada'] }) country: 'USA' | 'Canada';
  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' }) fuel_type: string;
  @ApiProperty({ enum: RATE_KINDS, example: 'base' }) kind: string;
  @ApiProperty({ description: 'US$ per gallon, exact text', example: '0.9710' }) rate: string;
  @ApiProperty({ type: String, nullable: true, example: '0.1300' }) rate_cad_per_litre: string | null;
  @ApiProperty({ format: 'date', example: '2026-07-01' }) effective_from: string;
}

export class OfficialMatrixDetailDto extends OfficialMatrixDto {
  @ApiProperty({ type: [OfficialRateDto] }) rates: OfficialRateDto[];
}

export class OfficialMatrixPageDto {
  @ApiProperty({ type: [OfficialMatrixDto] }) data: OfficialMatrixDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

export class MatrixDiffLineDto {
  @ApiProperty({ example: 'CA' }) code: string;
  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' }) fuel_type: string;
  @ApiProperty({ enum: RATE_KINDS, example: 'base' }) kind: string;
  @ApiProperty({ format: 'date', example: '2026-07-01' }) effective_from: string;
  @ApiProperty({ enum: ['added', 'changed', 'removed'] }) status: 'added' | 'changed' | 'removed';
  @ApiProperty({ type: String, nullable: true, example: '0.9710' }) previous_rate: string | null;
  @ApiProperty({ type: String, nullable: true, example: '1.0100' }) rate: string | null;
}

export class MatrixDiffSummaryDto {
  @ApiProperty() added: number;
  @ApiProperty() changed: number;
  @ApiProperty() removed: number;
  @ApiProperty() unchanged: number;
}

export class MatrixPreviewDto {
  @ApiProperty({ example: 'Q3-2026' }) quarter: string;
  @ApiProperty({ example: 658 }) rate_count: number;
  @ApiProperty() checksum: string;
  @ApiProperty({ description: 'The same file is the newest version already: publishing would change nothing' })
  same_as_current: boolean;
  @ApiProperty({ type: OfficialMatrixDto, nullable: true, description: "The quarter's newest version, if any" })
  current: OfficialMatrixDto | null;
  @ApiProperty({ type: MatrixDiffSummaryDto }) summary: MatrixDiffSummaryDto;
  @ApiProperty({ type: [MatrixDiffLineDto], description: 'Against the newest version: rates added, changed, removed' })
  changes: MatrixDiffLineDto[];
  @ApiProperty({
    type: [String],
    description:
      'Why the file would be refused (missing members, figures out of bounds); empty when it can be published',
  })
  problems: string[];
}

export class PublishOutcomeDto {
  @ApiProperty({ enum: ['published', 'unchanged'] }) outcome: 'published' | 'unchanged';
  @ApiProperty({ type: OfficialMatrixDto }) matrix: OfficialMatrixDto;
}

export class MatrixRunDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Q3-2026' }) quarter: string;
  @ApiProperty({ example: 'https://www.iftach.org/taxmatrix/charts/3Q2026.csv' }) source: string;
  @ApiProperty({ enum: RUN_OUTCOMES }) outcome: string;
  @ApiProperty({ example: 'Version 1 published (658 rates)' }) message: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) matrix_id: string | null;
  @ApiProperty({ format: 'date-time' }) started_at: string;
  @ApiProperty({ format: 'date-time' }) finished_at: string;
}

export class MatrixRunPageDto {
  @ApiProperty({ type: [MatrixRunDto] }) data: MatrixRunDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

export class MatrixRunQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RUN_OUTCOMES, description: 'Only runs with this outcome (e.g. failed)' })
  @IsOptional()
  @IsIn(RUN_OUTCOMES, { message: `outcome must be one of ${RUN_OUTCOMES.join(', ')}` })
  outcome?: string;
}

export class MatrixCheckDto {
  @ApiProperty({ example: 'Q3-2026' }) quarter: string;
  @ApiProperty({ enum: RUN_OUTCOMES }) outcome: string;
  @ApiProperty() message: string;
}
