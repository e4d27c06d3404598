import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
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
import { RateMatrixImportDto, RateMatrixUploadDto } from './dto/rate-matrix-import.dto.js';
import { RatesInForceDto, RatesInForceQueryDto } from './dto/rates-in-force.dto.js';
import { AccountTaxRates } from './account-tax-rates.service.js';
import { MatrixUploadInterceptor } from './matrix/matrix-upload.interceptor.js';
import { RateMatrixImportService, type UploadedMatrix } from './matrix/rate-matrix-import.service.js';
import { TaxRatesService } from './tax-rates.service.js';
import { OfficialMatricesRepository } from './official/official-matrices.repository.js';
import { Roles } from '../common/decorators/roles.decorator.js';

const MANAGEMENT = 'tax-rates-management';

@ApiTags('tax-rates')
@Authenticated()
@Controller('protected')
export class TaxRatesController {
  constructor(
    private readonly taxRates: TaxRatesService,
    private readonly accountRates: AccountTaxRates,
    private readonly matrixImport: RateMatrixImportService,
    private readonly officialMatrices: OfficialMatricesRepository,
  ) {}

  @Get('tax-rates')
  @ApiOperation({ summary: "The account's table (current diesel base rates), active and inactive, by name" })
  @ApiOkResponse({ type: [TaxRateResponseDto] })
  listAll(@CurrentUser() user: AuthenticatedUser): Promise<TaxRateResponseDto[]> {
    return this.taxRates.listAll(user.id);
  }

  @Get('tax-rates/in-force')
  @ApiOperation({
    summary: 'The rates in force for a quarter and fuel type',
    description:
      'A rate applies from its effective date until the next rate of its jurisdiction, fuel type and kind, and ' +
      'never beyond its own quarter: the answer is every active rate dated within the quarter (two for one ' +
      'jurisdiction and kind = a mid-quarter change), empty when the quarter has none; and, for each jurisdiction ' +
      "the quarter has no rate for, the newest quarter's rates, which a return uses marked provisional.",
  })
  @ApiOkResponse({ type: RatesInForceDto })
  @ApiBadRequestResponse({ description: 'A malformed period or unknown fuel type', type: ErrorResponseDto })
  async inForce(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: RatesInForceQueryDto,
  ): Promise<RatesInForceDto> {
    const { official, provisional, provisionalFrom } = await this.accountRates.ratesToApply(
      user.id,
      query.period,
      query.fuel_type,
    );
    const matrix = await this.officialMatrices.publishedFor(query.period);
    return {
      period: query.period,
      fuel_type: query.fuel_type,
      rates: official,
      provisional_rates: provisional,
      provisional_from: provisionalFrom,
      matrix: matrix && { quarter: matrix.quarter, version: matrix.version, fetched_at: matrix.fetched_at },
    };
  }

  @Post(`${MANAGEMENT}/matrix/preview`)
  @Roles('viewer')
  @HttpCode(200)
  @RequiresSubscription('tax_rate_management')
  @UseInterceptors(MatrixUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: RateMatrixUploadDto })
  @ApiOperation({ summary: "What importing IFTA, Inc.'s rate matrix CSV for a quarter would change; writes nothing" })
  @ApiOkResponse({ type: RateMatrixImportDto })
  @ApiBadRequestResponse({ description: 'No file, not a CSV, or a bad row (named)', type: ErrorResponseDto })
  previewMatrix(
    @CurrentUser() user: AuthenticatedUser,
    @UploadedFile() file: UploadedMatrix | undefined,
    @Body() body: RateMatrixUploadDto,
  ): Promise<RateMatrixImportDto> {
    return this.matrixImport.preview(user.id, file, body);
  }

  @Post(`${MANAGEMENT}/matrix/apply`)
  @HttpCode(200)
  @RequiresSubscription('tax_rate_management')
  @UseInterceptors(MatrixUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: RateMatrixUploadDto })
  @ApiOperation({ summary: "Import IFTA, Inc.'s rate matrix CSV for a quarter, all or nothing" })
  @ApiOkResponse({ type: RateMatrixImportDto })
  @ApiBadRequestResponse({
    description: 'No file, not a CSV, or a bad row (named); nothing saved',
    type: ErrorResponseDto,
  })
  applyMatrix(
    @CurrentUser() user: AuthenticatedUser,
    @UploadedFile() file: UploadedMatrix | undefined,
    @Body() body: RateMatrixUploadDto,
  ): Promise<RateMatrixImportDto> {
    return this.matrixImport.apply(user.id, file, body);
  }

  @Get(MANAGEMENT)
  @RequiresSubscription('tax_rate_management')
  @ApiOperation({ summary: 'One page of rates, filtered and sorted' })
  @ApiOkResponse({ type: TaxRatePageDto })
  @ApiBadRequestResponse({ description: 'A query value is not allowed (the field is named)', type: ErrorResponseDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  findPage(@CurrentUser() user: AuthenticatedUser, @Query() query: QueryTaxRatesDto): Promise<string> {
    return this.taxRates.findPageJson(user.id, query);
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
