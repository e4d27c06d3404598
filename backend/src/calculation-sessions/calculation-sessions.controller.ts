import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { DeleteReportResponseDto } from '../reports/dto/report-response.dto.js';
import { QuerySessionsDto } from './dto/query-sessions.dto.js';
import { CreateSessionDto, UpdateSessionDto } from './dto/session-input.dto.js';
import { SessionListResponseDto, SessionResponseDto, SessionSummaryDto } from './dto/session-response.dto.js';
import { CalculationSessionsService } from './calculation-sessions.service.js';

@ApiTags('calculation-sessions')
@Authenticated()
// A session is a full tax calculation stored server-side: part of the paid calculator (PLANS.md).
@RequiresSubscription('calculator')
@ApiNotFoundResponse({ description: "No such session in the caller's account", type: ErrorResponseDto })
@ApiBadRequestResponse({ description: 'A value is out of range', type: ErrorResponseDto })
@Controller('protected/calculation-sessions')
export class CalculationSessionsController {
  constructor(private readonly sessions: CalculationSessionsService) {}

  @Get()
  @ApiOperation({ summary: 'Sessions, filtered, sorted and paged (entries are left out; see entry_count)' })
  @ApiOkResponse({ type: SessionListResponseDto })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: QuerySessionsDto): Promise<SessionListResponseDto> {
    return this.sessions.list(user.id, query);
  }

  @Post()
  @ApiOperation({ summary: 'Start a calculator session' })
  @ApiCreatedResponse({ type: SessionResponseDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateSessionDto): Promise<SessionResponseDto> {
    return this.sessions.create(user.id, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One session with its entries' })
  @ApiOkResponse({ type: SessionResponseDto })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<SessionResponseDto> {
    return this.sessions.get(user.id, id);
  }

  @Get(':id/summary')
  @ApiOperation({ summary: 'Entries added up per jurisdiction, and the totals, at the session MPG' })
  @ApiOkResponse({ type: SessionSummaryDto })
  summary(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<SessionSummaryDto> {
    return this.sessions.summary(user.id, id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a session (entries, when sent, replace all; derived numbers are recomputed)' })
  @ApiOkResponse({ type: SessionResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateSessionDto,
  ): Promise<SessionResponseDto> {
    return this.sessions.update(user.id, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a session' })
  @ApiOkResponse({ type: DeleteReportResponseDto })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<{ id: string; deleted: true }> {
    return this.sessions.remove(user.id, id);
  }
}
