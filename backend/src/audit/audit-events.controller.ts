import { BadRequestException, Controller, Get, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { isUuid } from '../common/validators/uuid.js';
import { decodeCursor, encodeCursor } from './audit-cursor.js';
import { auditCsv } from './audit-csv.js';
import { AuditLog, type AuditFilter } from './audit-log.js';
import {
  AuditEventsFilterDto,
  AuditEventsPageDto,
  AuditFieldChangeDto,
  QueryAuditEventsDto,
} from './dto/audit-events.dto.js';

/** The most events one export holds: years of a busy company, still one file a spreadsheet opens. */
const EXPORT_MAX = 20_000;

const refuse = (field: string, message: string): never => {
  throw new BadRequestException({ error: message, message, fields: { [field]: message } });
};

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one). */
const isDay = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
};

/** The query's filters, checked: a day that is not one, or a range that ends before it starts, is refused by name. */
function filterOf(query: AuditEventsFilterDto): AuditFilter {
  if (query.from !== undefined && !isDay(query.from)) refuse('from', 'from must be a date as YYYY-MM-DD');
  if (query.to !== undefined && !isDay(query.to)) refuse('to', 'to must be a date as YYYY-MM-DD');
  if (query.from && query.to && query.to < query.from) refuse('to', 'to must be on or after from');
  const actor = query.actor?.trim();
  const system = actor?.toLowerCase() === 'system';
  return {
    entity: query.entity,
    entityId: query.entity_id,
    actorSystem: system || undefined,
    actorEmail: actor && !system && !isUuid(actor) ? actor : undefined,
    actorUserId: actor && !system && isUuid(actor) ? actor : undefined,
    action: query.action,
    from: query.from,
    to: query.to,
  };
}

/** The company's audit trail; any member may read it (RolesGuard: a read of a protected route). */
@ApiTags('audit')
@ApiExtraModels(AuditFieldChangeDto)
@Controller('protected/audit-events')
export class AuditEventsController {
  constructor(private readonly audit: AuditLog) {}

  @Get('export')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The events the same filters select, as CSV for an auditor (newest first)',
    description: 'Text a spreadsheet would read as a formula (= + - @) starts with an apostrophe',
  })
  @ApiOkResponse({ description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({
    description: 'A bad entity, actor, action or date (the field is named)',
    type: ErrorResponseDto,
  })
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: AuditEventsFilterDto,
    @Res() res: Response,
  ): Promise<void> {
    const rows = await this.audit.all(user.id, filterOf(query), EXPORT_MAX);
    res
      .type('text/csv; charset=utf-8')
      .attachment(`activity-${new Date().toISOString().slice(0, 10)}.csv`)
      .send(auditCsv(rows.slice(0, EXPORT_MAX)));
  }

  @Get()
  @ApiOperation({ summary: 'Who did what and when, newest first, one page after the cursor' })
  @ApiOkResponse({ type: AuditEventsPageDto })
  @ApiBadRequestResponse({
    description: 'A bad limit, cursor, entity, actor, action or date (the field is named)',
    type: ErrorResponseDto,
  })
  async list(@CurrentUser() user: AuthenticatedUser, @Query() query: QueryAuditEventsDto): Promise<AuditEventsPageDto> {
    const limit = query.limit ?? 50;
    const filter = filterOf(query);
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !cursor) refuse('cursor', 'cursor is not one this API gave');
    const rows = await this.audit.page(user.id, filter, limit, cursor);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    return {
      data,
      next_cursor: rows.length > limit && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
    };
  }
}
