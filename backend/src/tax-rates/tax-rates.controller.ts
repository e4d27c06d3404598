import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
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
import { BulkUpdateResultDto, BulkUpdateTaxRatesDto } from './dto/bulk-update-tax-rates.dto.js';
import { CreateTaxRateDto } from './dto/create-tax-rate.dto.js';
import { QueryTaxRatesDto } from './dto/query-tax-rates.dto.js';
import { TaxRatePageDto, TaxRateResponseDto } from './dto/tax-rate-response.dto.js';
import { UpdateTaxRateDto } from './dto/update-tax-rate.dto.js';
import { TaxRatesService } from './tax-rates.service.js';

const MANAGEMENT = 'tax-rates-management';

@ApiTags('tax-rates')
@Authenticated()
@Controller('protected')
export class TaxRatesController {
  constructor(private readonly taxRates: TaxRatesService) {}

  @Get('tax-rates')
  @ApiOperation({ summary: "All of the account's rates, active and inactive, by name" })
  @ApiOkResponse({ type: [TaxRateResponseDto] })
  listAll(@CurrentUser() user: AuthenticatedUser): Promise<TaxRateResponseDto[]> {
    return this.taxRates.listAll(user.id);
  }

  @Get(MANAGEMENT)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'One page of rates, filtered and sorted' })
  @ApiOkResponse({ type: TaxRatePageDto })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  findPage(@CurrentUser() user: AuthenticatedUser, @Query() query: QueryTaxRatesDto): Promise<TaxRatePageDto> {
    return this.taxRates.findPage(user.id, query);
  }

  @Post(MANAGEMENT)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'Add a rate' })
  @ApiCreatedResponse({ type: TaxRateResponseDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'An active rate for that abbreviation exists', type: ErrorResponseDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateTaxRateDto): Promise<TaxRateResponseDto> {
    return this.taxRates.create(user.id, body);
  }

  // Declared before `:id` so that 'bulk' is never read as an id.
  @Put(`${MANAGEMENT}/bulk`)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'Activate or deactivate several rates at once' })
  @ApiOkResponse({ type: BulkUpdateResultDto })
  @ApiBadRequestResponse({ description: 'No ids, or a malformed id', type: ErrorResponseDto })
  @ApiConflictResponse({
    description: 'Activating would make two active rates for one abbreviation',
    type: ErrorResponseDto,
  })
  bulkUpdate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: BulkUpdateTaxRatesDto,
  ): Promise<BulkUpdateResultDto> {
    return this.taxRates.bulkUpdate(user.id, body);
  }

  @Get(`${MANAGEMENT}/:id`)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'One rate' })
  @ApiOkResponse({ type: TaxRateResponseDto })
  @ApiNotFoundResponse({ description: 'No such rate in this account', type: ErrorResponseDto })
  findOne(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<TaxRateResponseDto> {
    return this.taxRates.findOne(user.id, id);
  }

  @Put(`${MANAGEMENT}/:id`)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'Change a rate; fields left out keep their values' })
  @ApiOkResponse({ type: TaxRateResponseDto })
  @ApiBadRequestResponse({ description: 'A field is invalid', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No such rate in this account', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'An active rate for that abbreviation exists', type: ErrorResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateTaxRateDto,
  ): Promise<TaxRateResponseDto> {
    return this.taxRates.update(user.id, id, body);
  }

  @Delete(`${MANAGEMENT}/:id`)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'Delete a rate; answers the deleted row' })
  @ApiOkResponse({ type: TaxRateResponseDto })
  @ApiNotFoundResponse({ description: 'No such rate in this account', type: ErrorResponseDto })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<TaxRateResponseDto> {
    return this.taxRates.remove(user.id, id);
  }
}
