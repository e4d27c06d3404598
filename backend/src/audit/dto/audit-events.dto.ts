import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AUDIT_ENTITIES, type AuditEntity } from '../audit-log.js';

export const AUDIT_PAGE_MAX = 100;

/** The filters of the list and of its CSV export: the same query gives the same events. */
export class AuditEventsFilterDto {
  @ApiPropertyOptional({ enum: AUDIT_ENTITIES })
  @IsOptional()
  @IsIn(AUDIT_ENTITIES, { message: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` })
  entity?: AuditEntity;

  @ApiPropertyOptional({ description: 'Only events about this thing (a report id, a rate id, a member id...)' })
  @IsOptional()
  @IsString({ message: 'entity_id must be text' })
  @MaxLength(100, { message: 'entity_id must be at most 100 characters' })
  entity_id?: string;

  @ApiPropertyOptional({
    description: "Only events by this person: their e-mail or member (user) id; 'system' for what the app did itself",
  })
  @IsOptional()
  @IsString({ message: 'actor must be text' })
  @MaxLength(254, { message: 'actor must be at most 254 characters' })
  actor?: string;

  @ApiPropertyOptional({ description: 'Only events of this action (update, finalise, delete...)', example: 'update' })
  @IsOptional()
  @IsString({ message: 'action must be text' })
  @Matches(/^[a-z_]{1,40}$/, { message: 'action must be an action name such as update' })
  action?: string;

  @ApiPropertyOptional({ description: 'Only events from this day on (UTC), YYYY-MM-DD', example: '2026-07-01' })
  @IsOptional()
  @IsString({ message: 'from must be a date as YYYY-MM-DD' })
  @MaxLength(10, { message: 'from must be a date as YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({
    description: 'Only events up to this day (UTC), inclusive, YYYY-MM-DD',
    example: '2026-09-30',
  })
  @IsOptional()
  @IsString({ message: 'to must be a date as YYYY-MM-DD' })
  @MaxLength(10, { message: 'to must be a date as YYYY-MM-DD' })
  to?: string;
}

export class QueryAuditEventsDto extends AuditEventsFilterDto {
  @ApiPropertyOptional({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(AUDIT_PAGE_MAX, { message: `limit must be at most ${AUDIT_PAGE_MAX}` })
  limit?: number;

  @ApiPropertyOptional({ description: "The previous page's next_cursor" })
  @IsOptional()
  @IsString({ message: 'cursor must be text' })
  @MaxLength(400, { message: 'cursor is not one this API gave' })
  cursor?: string;
}

export class AuditFieldChangeDto {
  @ApiProperty({ nullable: true, description: 'The value before (any JSON value)' })
  before: unknown;

  @ApiProperty({ nullable: true, description: 'The value after (any JSON value)' })
  after: unknown;
}

export class AuditEventDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The person who acted; null for the system',
  })
  actor_user_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'bookkeeper@acme-freight.com' })
  actor_email: string | null;

  @ApiProperty({
    enum: ['person', 'system'],
    description: 'system: the app acted on its own (a job, a webhook, repricing after a rate matrix was published)',
  })
  actor_kind: 'person' | 'system';

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'IFTA Q3-2026 matrix v2 applied',
    description: 'What the system was doing; null for a person',
  })
  actor_description: string | null;

  @ApiProperty({ example: 'update', description: 'create, update, finalise, amend, delete, export, import, invite...' })
  action: string;

  @ApiProperty({ enum: AUDIT_ENTITIES })
  entity: AuditEntity;

  @ApiProperty({ type: String, nullable: true })
  entity_id: string | null;

  @ApiProperty({ example: 'Updated report Q1 2026' })
  summary: string;

  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: { $ref: '#/components/schemas/AuditFieldChangeDto' },
    description:
      'The before/after of each changed field, by field name. A report line ("line IN diesel") has its changed ' +
      'figures on each side; a line added has before null, a line removed after null',
  })
  changes: Record<string, AuditFieldChangeDto> | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class AuditEventsPageDto {
  @ApiProperty({ type: [AuditEventDto] })
  data: AuditEventDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last' })
  next_cursor: string | null;
}

export class AuditSignatureDto {
  @ApiProperty({ type: String, nullable: true, example: 'bookkeeper@acme-freight.com' })
  email: string | null;

  @ApiProperty({ format: 'date-time' })
  at: string;
}
