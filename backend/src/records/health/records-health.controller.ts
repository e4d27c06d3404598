import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../../common/authenticated-user.js';
import { Authenticated } from '../../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../../common/dto/error-response.dto.js';
import {
  AcknowledgeFindingDto,
  AcknowledgementDto,
  RecordsHealthDto,
  RecordsHealthQueryDto,
  RecordsHealthSettingsDto,
} from './dto/records-health.dto.js';
import { RecordsHealthService } from './records-health.service.js';

@ApiTags('records')
@Authenticated()
@RequiresSubscription('calculator')
@Controller('protected/records/health')
export class RecordsHealthController {
  constructor(private readonly health: RecordsHealthService) {}

  @Get()
  @ApiOperation({
    summary: "An auditor's checks of a quarter's records per vehicle: findings with their records, and a score",
    description:
      'Odometer gaps and overlaps, MPG outside the band (diesel units), fuel where the unit drove no miles within a ' +
      'day, stretches with no fuel past the limit, tax-paid receipts without the seller name, address or total, ' +
      'and fuel ' +
      "other than the vehicle's. Score: 100 less 10 per high, 5 per medium, 2 per low open finding.",
  })
  @ApiOkResponse({ type: RecordsHealthDto })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  get(@CurrentUser() user: AuthenticatedUser, @Query() query: RecordsHealthQueryDto) {
    return this.health.health(user.id, query.period, query.unit);
  }

  @Get('settings')
  @ApiOperation({ summary: 'The MPG band and no-fuel distance the checks use (defaults 4.0–8.5 MPG, 1,500 miles)' })
  @ApiOkResponse({ type: RecordsHealthSettingsDto })
  getSettings(@CurrentUser() user: AuthenticatedUser) {
    return this.health.getSettings(user.id);
  }

  @Put('settings')
  @ApiOperation({ summary: 'Change the MPG band and the no-fuel distance of the checks' })
  @ApiOkResponse({ type: RecordsHealthSettingsDto })
  @ApiBadRequestResponse({ description: 'A value is not allowed (the field is named)', type: ErrorResponseDto })
  saveSettings(@CurrentUser() user: AuthenticatedUser, @Body() body: RecordsHealthSettingsDto) {
    return this.health.saveSettings(user.id, body);
  }

  @Post('acknowledgements')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Acknowledge a finding with a note: it is shown as acknowledged and no longer lowers the score',
  })
  @ApiOkResponse({ type: AcknowledgementDto })
  @ApiBadRequestResponse({ description: 'A value is not allowed (the field is named)', type: ErrorResponseDto })
  acknowledge(@CurrentUser() user: AuthenticatedUser, @Body() body: AcknowledgeFindingDto) {
    return this.health.acknowledge(user.id, user.email, body);
  }
}
