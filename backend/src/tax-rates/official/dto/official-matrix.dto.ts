import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { RateMatrixUploadDto } from '../../dto/rate-matrix-import.dto.js';
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
  @ApiProperty({
    enum: MATRIX_STATUSES,
    example: 'published',
    description: "'held': it would remove rates, so it waits for an operator to publish it with a reason",
  })
  status: 'published' | 'superseded' | 'held';
  @ApiProperty({ enum: MATRIX_SOURCE_KINDS, example: 'url', description: "'restore': an earlier version brought back" })
  source_kind: 'seed' | 'url' | 'file' | 'restore';
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
  @ApiProperty({
    type: [String],
    description: "What a held version would remove from every account's rates, one sentence each",
    example: ['KY surcharge: the whole row is gone (12 rates)'],
  })
  review: string[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The operator's reason for publishing a held version or restoring an earlier one",
  })
  reason: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The version a restore brought back', example: 1 })
  restores_version: number | null;
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
  @ApiProperty({
    description: 'The same file is the version in force (or one held for review) already: publishing changes nothing',
  })
  same_as_current: boolean;
  @ApiProperty({
    type: [String],
    description:
      "What publishing it would take from every account's rates (a row, a fuel, a rate removed or turned to $-); " +
      'not empty: it is held for review unless published with a reason',
  })
  losses: string[];
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
  @ApiProperty({ enum: ['published', 'held', 'unchanged'] }) outcome: 'published' | 'held' | 'unchanged';
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

const REASON_MESSAGE = 'reason must say why, in 3 to 500 characters';

/** An operator's upload to publish: the file, its quarter, and a reason when it removes rates. */
export class OperatorMatrixUploadDto extends RateMatrixUploadDto {
  @ApiPropertyOptional({
    description:
      "Why a file that removes rates (see the preview's losses) is published anyway; without it such a file is held",
    maxLength: 500,
  })
  @IsOptional()
  @MaxLength(500, { message: REASON_MESSAGE })
  @IsString({ message: REASON_MESSAGE })
  reason?: string;
}

/** Publishing a held version, or restoring an earlier one: the operator says why. */
export class MatrixDecisionDto {
  @ApiProperty({ description: 'Why (kept with the version and shown in its history)', minLength: 3, maxLength: 500 })
  @IsDefined({ message: REASON_MESSAGE })
  @MaxLength(500, { message: REASON_MESSAGE })
  @MinLength(3, { message: REASON_MESSAGE })
  @IsString({ message: REASON_MESSAGE })
  reason: string;
}
