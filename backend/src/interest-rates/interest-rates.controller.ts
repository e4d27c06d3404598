import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { OperatorOnly } from '../operator/operator-only.decorator.js';
import { InterestRatePeriodDto, InterestRatesDto, SaveInterestRatePeriodDto } from './dto/interest-rate-period.dto.js';
import { InterestRatePeriodsService } from './interest-rate-periods.service.js';

/** The operator console's interest rates: IFTA's annual rate per period, from 2013 on. */
@ApiTags('operator')
@OperatorOnly()
@Controller('operator/interest-rates')
export class InterestRatesController {
  constructor(private readonly periods: InterestRatePeriodsService) {}

  @Get()
  @ApiOperation({ summary: 'Every interest period, and the years no period covers' })
  @ApiOkResponse({ type: InterestRatesDto })
  list(): Promise<InterestRatesDto> {
    return this.periods.list();
  }

  @Put(':effective_from')
  @ApiOperation({ summary: 'Create or replace the period that starts on effective_from' })
  @ApiOkResponse({ type: InterestRatePeriodDto })
  @ApiBadRequestResponse({
    description: 'A bad date or rate, or an overlap with another period (named)',
    type: ErrorResponseDto,
  })
  save(@Param('effective_from') from: string, @Body() body: SaveInterestRatePeriodDto): Promise<InterestRatePeriodDto> {
    return this.periods.save(from, body);
  }

  @Delete(':effective_from')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove the period that starts on effective_from' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@Param('effective_from') from: string): Promise<void> {
    await this.periods.remove(from);
  }
}
