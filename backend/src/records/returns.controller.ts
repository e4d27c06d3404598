import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { BuildReturnDto, ChecksQueryDto } from './dto/record.dto.js';
import { RecordChecksDto, ReturnBuildDto, ReturnPreviewDto } from './dto/record-response.dto.js';
import { ReturnsService } from './returns.service.js';
import { Roles } from '../common/decorators/roles.decorator.js';

@ApiTags('records')
@Authenticated()
@Controller('protected')
export class ReturnsController {
  constructor(private readonly returns: ReturnsService) {}

  @Post('returns/preview')
  @Roles('viewer')
  @HttpCode(200)
  @RequiresSubscription('calculator')
  @ApiOperation({
    summary: "The lines a quarter's records sum to for a fuel type, and what changes against the last build",
  })
  @ApiOkResponse({ type: ReturnPreviewDto })
  preview(@CurrentUser() user: AuthenticatedUser, @Body() body: BuildReturnDto) {
    return this.returns.preview(user.id, body);
  }

  @Post('returns/build')
  @HttpCode(200)
  @RequiresSubscription('report_creation')
  @ApiOperation({ summary: 'Build (or rebuild) the official draft report of a quarter and fuel type from the records' })
  @ApiOkResponse({ type: ReturnBuildDto })
  build(@CurrentUser() user: AuthenticatedUser, @Body() body: BuildReturnDto) {
    return this.returns.build(user.id, body);
  }

  @Get('records/checks')
  @RequiresSubscription('calculator')
  @ApiOperation({ summary: 'Checks before filing: MPG per unit, fuel where no miles, miles and no fuel' })
  @ApiOkResponse({ type: RecordChecksDto })
  checks(@CurrentUser() user: AuthenticatedUser, @Query() query: ChecksQueryDto) {
    return this.returns.checks(user.id, query.period);
  }
}
