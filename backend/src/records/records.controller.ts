import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  type Type,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { UploadLimitInterceptor } from '../common/rate-limit/upload-limit.interceptor.js';
import type { Response } from 'express';
import {
  FuelPurchaseDto,
  ListRecordsDto,
  RecordImportDto,
  RecordPreviewQueryDto,
  RecordTemplateQueryDto,
  TripDto,
} from './dto/record.dto.js';
import {
  FuelPurchaseImportPreviewDto,
  FuelPurchasePageDto,
  FuelPurchaseRecordDto,
  ImportResultDto,
  RecordDeletedDto,
  TripImportPreviewDto,
  TripPageDto,
  TripRecordDto,
} from './dto/record-response.dto.js';
import { recordTemplate, templateFileName } from './record-template.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
import type { RecordKind } from './record-fields.js';
import { RecordUploadInterceptor } from './record-upload.interceptor.js';
import { RecordsService } from './records.service.js';
import { Roles } from '../common/decorators/roles.decorator.js';

/** A file answered as bytes: the OpenAPI document's way to say "a download". */
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

/** The classes a kind's routes answer: a record, a page of them, and an import's preview (their rows differ). */
interface RecordResponses {
  record: Type<TripRecordDto | FuelPurchaseRecordDto>;
  page: Type<TripPageDto | FuelPurchasePageDto>;
  preview: Type<TripImportPreviewDto | FuelPurchaseImportPreviewDto>;
}

/**
 * The same routes for trips and for fuel purchases, each under its own path with its own body and answer types (a
 * class per kind, so validation and the OpenAPI document name the right fields).
 */
function recordsController(
  kind: RecordKind,
  path: string,
  Dto: Type<TripDto | FuelPurchaseDto>,
  responses: RecordResponses,
  noun: string,
) {
  @ApiTags('records')
  @ApiExtraModels(responses.preview)
  @Authenticated()
  @RequiresSubscription('calculator')
  @Controller(`protected/${path}`)
  class RecordsController {
    constructor(readonly records: RecordsService) {}

    @Get()
    @ApiOperation({ summary: `One page of the account's ${noun}, newest first; filter by quarter and unit` })
    @ApiOkResponse({ type: responses.page })
    list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListRecordsDto) {
      return this.records.list(kind, user.id, query);
    }

    @Post('import/preview')
    @Roles('viewer')
    @HttpCode(200)
    @UseInterceptors(UploadLimitInterceptor, RecordUploadInterceptor)
    @ApiConsumes('multipart/form-data')
    @ApiBody({ type: RecordImportDto })
    @ApiProduces('application/json', 'text/csv')
    @ApiOperation({
      summary: `Read a CSV of ${noun} with a column mapping: first rows, the first 100 problems with counts, duplicates`,
      description: 'With problems=csv: every problem of the same file as a CSV download (row, field, value, message)',
    })
    @ApiOkResponse({
      description: 'The preview as JSON; with problems=csv, every problem as a CSV file instead',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(responses.preview) } },
        'text/csv': BINARY,
      },
    })
    preview(
      @CurrentUser() user: AuthenticatedUser,
      @UploadedFile() file: { buffer: Buffer } | undefined,
      @Body() body: RecordImportDto,
      @Query() query: RecordPreviewQueryDto,
    ) {
      if (query.problems === 'csv') return this.records.problemsCsv(kind, user.id, file?.buffer, body);
      return this.records.preview(kind, user.id, file?.buffer, body);
    }

    @Post('import')
    @HttpCode(200)
    @UseInterceptors(UploadLimitInterceptor, RecordUploadInterceptor)
    @ApiConsumes('multipart/form-data')
    @ApiBody({ type: RecordImportDto })
    @ApiOperation({ summary: `Import a CSV of ${noun}: all or nothing, duplicates skipped unless duplicates=add` })
    @ApiOkResponse({ type: ImportResultDto })
    apply(
      @CurrentUser() user: AuthenticatedUser,
      @UploadedFile() file: { buffer: Buffer } | undefined,
      @Body() body: RecordImportDto,
    ) {
      return this.records.apply(kind, user.id, file?.buffer, body, body.duplicates);
    }

    @Get('template')
    @ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    @ApiOperation({
      summary: `A template of ${noun} to fill in (CSV or .xlsx, English or Russian headers), with one example row`,
      description: 'Its headers are ones the import recognises, so a filled template imports without choosing columns',
    })
    @ApiOkResponse({
      description: 'The template file: CSV (format=csv) or a workbook (format=xlsx)',
      content: { 'text/csv': BINARY, [XLSX_TYPE]: BINARY },
    })
    async template(@Query() query: RecordTemplateQueryDto, @Res() res: Response) {
      const format = query.format ?? 'csv';
      const file = await recordTemplate(kind, format, query.lang ?? 'en');
      res
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .attachment(templateFileName(kind, format))
        .send(file);
    }

    @Get(':id')
    @ApiOperation({ summary: `One of the account's ${noun}` })
    @ApiOkResponse({ type: responses.record })
    get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
      return this.records.get(kind, user.id, id);
    }

    @Post()
    @ApiBody({ type: Dto })
    @ApiOperation({ summary: `Add one of the ${noun}` })
    @ApiCreatedResponse({ type: responses.record })
    create(@CurrentUser() user: AuthenticatedUser, @Body() body: TripDto | FuelPurchaseDto) {
      return this.records.create(kind, user.id, body);
    }

    @Put(':id')
    @ApiBody({ type: Dto })
    @ApiOperation({ summary: `Change one of the ${noun}; 409 when it went into a final report` })
    @ApiOkResponse({ type: responses.record })
    update(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: TripDto | FuelPurchaseDto) {
      return this.records.update(kind, user.id, id, body);
    }

    @Delete(':id')
    @ApiOperation({ summary: `Delete one of the ${noun}; 409 when it went into a final report` })
    @ApiOkResponse({ type: RecordDeletedDto })
    remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
      return this.records.remove(kind, user.id, id);
    }
  }
  // The body's class differs by kind, which TypeScript's emitted parameter types cannot say from inside this
  // function (a union emits Object, and the validation pipe would skip it): name it for Nest's pipes directly.
  Reflect.defineMetadata('design:paramtypes', [Object, Dto], RecordsController.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [Object, String, Dto], RecordsController.prototype, 'update');
  Object.defineProperty(RecordsController, 'name', { value: `${kind[0].toUpperCase()}${kind.slice(1)}Controller` });
  return RecordsController;
}

export const TripsController = recordsController(
  'trips',
  'trips',
  TripDto,
  { record: TripRecordDto, page: TripPageDto, preview: TripImportPreviewDto },
  'trips',
);
export const FuelPurchasesController = recordsController(
  'fuel',
  'fuel-purchases',
  FuelPurchaseDto,
  { record: FuelPurchaseRecordDto, page: FuelPurchasePageDto, preview: FuelPurchaseImportPreviewDto },
  'fuel purchases',
);
