import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { ReportResponseDto } from './dto/report-response.dto.js';
import { RateNoticesService } from './rate-notices.service.js';

class RateNoticeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The final return the notice is about' }) report_id: string;
  @ApiProperty({ example: 'Q3-2026 - Acme Freight LLC' }) report_name: string;
  @ApiProperty({ example: 'Q3-2026' }) quarter: string;
  @ApiProperty({ example: 1, description: "The version of the quarter's official matrix that changed the figures" })
  matrix_version: number;
  @ApiProperty({ description: 'Tax and surcharges due as filed, US$', example: 554.37 }) previous_tax_due: number;
  @ApiProperty({ description: 'The same lines at the rates in force now, US$', example: 612.05 }) new_tax_due: number;
  @ApiProperty({ description: 'new_tax_due - previous_tax_due, US$', example: 57.68 }) difference: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The amended return filed from it' })
  amendment_id: string | null;
}

@ApiTags('reports')
@Authenticated()
@Controller('protected/rate-notices')
export class RateNoticesController {
  constructor(private readonly notices: RateNoticesService) {}

  @Get()
  @ApiOperation({
    summary: 'Final returns whose figures a newly published rate matrix changes, open ones first',
  })
  @ApiOkResponse({ type: [RateNoticeDto] })
  list(@CurrentUser() user: AuthenticatedUser): Promise<RateNoticeDto[]> {
    return this.notices.list(user.id);
  }

  @Post(':id/amend')
  @HttpCode(201)
  @ApiOperation({ summary: 'File the amended return the notice offers: same lines, rates in force now, filed today' })
  @ApiCreatedResponse({ type: ReportResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'An amended return was already filed from this notice', type: ErrorResponseDto })
  amend(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<ReportResponseDto> {
    return this.notices.amend(user.id, id);
  }
}
