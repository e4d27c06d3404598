import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { FilingCalendarResponseDto } from './dto/filing-calendar-response.dto.js';
import { FilingCalendarService } from './filing-calendar.service.js';

@ApiTags('filing-calendar')
@Authenticated()
@Controller('protected/filing-calendar')
export class FilingCalendarController {
  constructor(private readonly calendar: FilingCalendarService) {}

  @Get()
  @ApiOperation({ summary: 'Periods to report, the next return due and the state of the last four quarters' })
  @ApiOkResponse({ type: FilingCalendarResponseDto })
  get(@CurrentUser() user: AuthenticatedUser): Promise<FilingCalendarResponseDto> {
    return this.calendar.forAccount(user.id);
  }
}
