import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { numberFromText, trimText } from '../../common/dto/input-transforms.js';
import { REPORT_LIMITS } from '../../reports/dto/report-limits.js';
import type { DistanceUnit, VolumeUnit } from '../../ifta/index.js';
import { ImportedEntry } from '../../calculation-sessions/imported-entry.js';

class ImportOptionsDto {
  @ApiPropertyOptional({ description: 'Append the entries to this calculation session', format: 'uuid' })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(100)
  @IsString()
  session_id?: string;

  @ApiPropertyOptional({ example: 'Q1-2025', maxLength: 20 })
  @Transform(trimText)
  @IsOptional()
  @MaxLength(20)
  @IsString()
  period?: string;

  @ApiPropertyOptional({
    description: "MPG for the entries' consumed gallons; default the session's MPG, else the account's default MPG",
    example: 6.5,
  })
  @Transform(numberFromText)
  @IsOptional()
  @Min(0)
  @Max(REPORT_LIMITS.maxMpg)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'average_mpg must be a number' })
  average_mpg?: number;

  @ApiPropertyOptional({
    enum: ['mi', 'km'],
    description:
      "Unit of the distances when no column header names it; by default the account's unit setting (distance_unit " +
      "km_litres: km). km are converted with the base jurisdiction's form's factor where it states one (North " +
      "Carolina's 1 km = .62137 mi), else IFTA's (1 km = 0.621371 mi)",
  })
  @IsOptional()
  @IsIn(['mi', 'km'], { message: 'distance_unit must be one of mi, km' })
  distance_unit?: DistanceUnit;

  @ApiPropertyOptional({
    enum: ['gal', 'l'],
    description:
      "Unit of the fuel when no column header names it; by default the account's unit setting (distance_unit " +
      "km_litres: l). Litres are converted with the base jurisdiction's form's factor where it states one (North " +
      "Carolina's 1 L = .2642 gal), else IFTA's (1 L = 0.264172 gal), as trip and fuel records are",
  })
  @IsOptional()
  @IsIn(['gal', 'l'], { message: 'volume_unit must be one of gal, l' })
  volume_unit?: VolumeUnit;
}

export class UploadExcelDto extends ImportOptionsDto {
  @ApiProperty({ type: 'string', format: 'binary', description: '.xlsx, at most 10 MB' })
  @Allow() // the file itself arrives through multer, never as a body field
  file?: unknown;
}

export const MAX_PASTE_CHARS = 1_000_000;

export class PasteDataDto extends ImportOptionsDto {
  @ApiProperty({
    description: 'One jurisdiction per line: "abbreviation, miles, gallons" (comma or tab separated)',
    example: 'TX, 1500, 200\nOK, 300, 45.5',
  })
  @MaxLength(MAX_PASTE_CHARS)
  @IsString({ message: 'Please paste some data' })
  data: string;

  @ApiPropertyOptional({ enum: ['excel_paste', 'manual'], example: 'excel_paste' })
  @IsOptional()
  @IsIn(['excel_paste', 'manual'])
  source?: string;
}

export class ImportResponseDto {
  @ApiProperty({ type: [ImportedEntry] }) entries: ImportedEntry[];
  @ApiProperty({ example: 2 }) count: number;
  @ApiPropertyOptional({
    type: [String],
    description: 'What was converted to miles and gallons (absent when nothing was)',
    example: ['Litres converted to US gallons (1 L = 0.264172 gal)'],
  })
  conversions?: string[];
  @ApiProperty({ description: 'MPG the consumed gallons were computed with', example: 6.5 }) average_mpg: number;
  @ApiPropertyOptional({ format: 'uuid', description: 'The session the entries were appended to' })
  session_id?: string;
}

export class ImportErrorResponseDto {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'Some rows could not be imported; nothing was imported' }) error: string;
  @ApiProperty({ example: 'Some rows could not be imported; nothing was imported' }) message: string;
  @ApiProperty({ example: ['Row 3: unknown jurisdiction "XX"'], description: 'One line per problem, at most 100' })
  errors: string[];
  @ApiProperty({ example: [{ row: 3, message: 'unknown jurisdiction "XX"' }] })
  details: Array<{ row: number; message: string }>;
}
