import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { isUuid } from '../common/validators/uuid.js';
import { decodeCursor, encodeCursor } from './audit-cursor.js';
import { AuditLog } from './audit-log.js';
import { AuditEventsPageDto, AuditFieldChangeDto, QueryAuditEventsDto } from './dto/audit-events.dto.js';

const refuse = (field: string, message: string): never => {
  throw new BadRequestException({ error: message, message, fields: { [field]: message } });
};

/** The company's audit trail; any member may read it (RolesGuard: a read of a protected route). */
@ApiTags('audit')
@ApiExtraModels(AuditFieldChangeDto)
@Controller('protected/audit-events')
export class AuditEventsController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  @ApiOperation({ summary: 'Who did what and when, newest first, one page after the cursor' })
  @ApiOkResponse({ type: AuditEventsPageDto })
  @ApiBadRequestResponse({ description: 'A bad limit, cursor, entity or actor', type: ErrorResponseDto })
  async list(@CurrentUser() user: AuthenticatedUser, @Query() query: QueryAuditEventsDto): Promise<AuditEventsPageDto> {
    const limit = query.limit ?? 50;
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !cursor) refuse('cursor', 'cursor is not one this API gave');
    const actor = query.actor?.trim();
    const rows = await this.audit.page(
      user.id,
      {
        entity: query.entity,
        entityId: query.entity_id,
        actorEmail: actor && !isUuid(actor) ? actor : undefined,
        actorUserId: actor && isUuid(actor) ? actor : undefined,
      },
      limit,
      cursor,
    );
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    return {
      data,
      next_cursor: rows.length > limit && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
    };
  }
}
