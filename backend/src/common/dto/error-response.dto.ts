import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The one error shape every failure answers with. */
export class ErrorResponseDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ description: 'A sentence a person can read', example: 'password must be at least 6 characters' })
  error: string;

  @ApiProperty({
    description: 'The same sentence, or the technical reason',
    example: 'password must be at least 6 characters',
  })
  message: string;

  @ApiPropertyOptional({
    description: 'For validation failures: each offending field and what is wrong with it',
    example: { password: 'password must be at least 6 characters' },
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  fields?: Record<string, string>;

  @ApiPropertyOptional({
    description: 'A machine-readable reason where the client acts on it',
    example: 'SUBSCRIPTION_REQUIRED',
  })
  code?: string;
}
