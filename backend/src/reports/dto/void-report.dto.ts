import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** POST /reports/{id}/void: why a filed return of record is withdrawn; kept with it and in the audit trail. */
export class VoidReportDto {
  @ApiProperty({
    minLength: 5,
    maxLength: 500,
    description: 'Why the return is voided, kept with it and in the audit trail',
    example: 'Filed under the wrong IFTA license',
  })
  @IsString({ message: 'reason must be text' })
  @MinLength(5, { message: 'reason must be at least 5 characters' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason: string;
}
