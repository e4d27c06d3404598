import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsDefined, IsString, Matches } from 'class-validator';
import { FUEL_TYPES, RATE_KINDS, type RateKind } from '../fuel-types.js';
import { QUARTER_MESSAGE, QUARTER_PATTERN } from '../quarter.js';

const MATRIX_CHANGE_STATUSES = ['added', 'changed', 'unchanged'] as const;
export type MatrixChangeStatus = (typeof MATRIX_CHANGE_STATUSES)[number];

// class-validator runs a property's checks bottom-up and stops at the first failure, so the type check sits last.
/** Multipart body of the matrix preview and apply: the CSV in `file`, and the quarter it is for. */
export class RateMatrixUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: "IFTA, Inc.'s rate matrix CSV (at most 64 KB)" })
  @Allow() // the file itself arrives through multer, never as a body field
  file?: unknown;

  @ApiProperty({ description: 'The quarter the matrix is for', example: 'Q1-2026' })
  @IsDefined({ message: `quarter ${QUARTER_MESSAGE}` })
  @Matches(QUARTER_PATTERN, { message: `quarter ${QUARTER_MESSAGE}` })
  @IsString({ message: `quarter ${QUARTER_MESSAGE}` })
  quarter: string;
}

export class RateMatrixChangeDto {
  @ApiProperty({ example: 'CA' })
  code: string;

  @ApiProperty({ example: 'California' })
  name: string;

  @ApiProperty({ enum: FUEL_TYPES, example: 'diesel' })
  fuel_type: string;

  @ApiProperty({ enum: RATE_KINDS, example: 'base' })
  kind: RateKind;

  @ApiProperty({ format: 'date', example: '2026-01-01' })
  effective_from: string;

  @ApiProperty({ enum: MATRIX_CHANGE_STATUSES, example: 'changed' })
  status: MatrixChangeStatus;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The rate held now for that date (null when added)',
    example: '0.9710',
  })
  previous_rate: string | null;

  @ApiProperty({ description: 'US dollars per gallon from the matrix, 4 decimals', example: '0.9000' })
  rate: string;

  @ApiProperty({ type: String, nullable: true, description: "The matrix's CAN$/litre figure", example: '0.3500' })
  rate_cad_per_litre: string | null;
}

export class RateMatrixSummaryDto {
  @ApiProperty({ example: 560 })
  added: number;

  @ApiProperty({ example: 3 })
  changed: number;

  @ApiProperty({ example: 59 })
  unchanged: number;
}

/** What an import changes (preview), or changed (apply): one line per jurisdiction, fuel type, kind and date. */
export class RateMatrixImportDto {
  @ApiProperty({ example: 'Q1-2026' })
  quarter: string;

  @ApiProperty({ description: 'false for a preview, true once applied', example: false })
  applied: boolean;

  @ApiProperty({ type: RateMatrixSummaryDto })
  summary: RateMatrixSummaryDto;

  @ApiProperty({ type: [RateMatrixChangeDto] })
  changes: RateMatrixChangeDto[];
}
