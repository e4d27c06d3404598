import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { GuardedReportCap } from '../common/decorators/guarded-report-cap.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import type { ReportCap } from '../common/subscription-access.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { CreateReportDto } from './dto/create-report.dto.js';
import { DocumentQueryDto } from './dto/document-query.dto.js';
import { QueryReportsDto } from './dto/query-reports.dto.js';
import {
  DeleteReportResponseDto,
  ReportDetailDto,
  ReportPageDto,
  ReportResponseDto,
} from './dto/report-response.dto.js';
import { ReportStatsResponseDto } from './dto/report-stats-response.dto.js';
import { StatsQueryDto } from './dto/stats-query.dto.js';
import { UpdateFilingDto } from './dto/update-filing.dto.js';
import { UpdateReportDto } from './dto/update-report.dto.js';
import { VoidReportDto } from './dto/void-report.dto.js';
import { ReportExportService } from './report-export.service.js';
import { ReportStatsService } from './report-stats.service.js';
import { ReportsService } from './reports.service.js';
import { Roles } from '../common/decorators/roles.decorator.js';

@ApiTags('reports')
@Authenticated()
@ApiNotFoundResponse({ description: "No such report in the caller's account", type: ErrorResponseDto })
@Controller('protected/reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly exporter: ReportExportService,
    private readonly stats: ReportStatsService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'With page, limit, search, status, sort or order: one page of report summaries, its pagination and the ' +
      "account's counts. Without them: the newest 1,000 reports with their jurisdictions (the spec's array)",
  })
  @ApiExtraModels(ReportPageDto)
  @ApiOkResponse({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(ReportPageDto) },
        { type: 'array', items: { $ref: getSchemaPath(ReportResponseDto) } },
      ],
    },
  })
  @ApiBadRequestResponse({ description: 'A parameter is out of range; the message names it', type: ErrorResponseDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: QueryReportsDto): Promise<string> {
    return this.reports.listJson(user.id, query);
  }

  // Declared before ':id' so Express does not read "stats" as a report id.
  @Get('stats')
  @ApiOperation({ summary: 'Dashboard figures: counts, average MPG, latest activity and per-state net gallons' })
  @ApiOkResponse({ type: ReportStatsResponseDto })
  @ApiBadRequestResponse({ description: 'basis is not returns or reports', type: ErrorResponseDto })
  statistics(@CurrentUser() user: AuthenticatedUser, @Query() query: StatsQueryDto): Promise<ReportStatsResponseDto> {
    return this.stats.forAccount(user.id, query.basis ?? 'returns');
  }

  @Get(':id')
  @ApiOperation({ summary: 'One report, with who prepared and who finalised it' })
  @ApiOkResponse({ type: ReportDetailDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<string> {
    return this.reports.getJson(user.id, id);
  }

  @Post()
  @RequiresSubscription('report_creation')
  @ApiOperation({ summary: 'Save a report; every derived number is recomputed by the server' })
  @ApiCreatedResponse({ type: ReportResponseDto })
  @ApiBadRequestResponse({
    description: 'A required field is missing or a value is out of range',
    type: ErrorResponseDto,
  })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateReportDto,
    @GuardedReportCap() cap: ReportCap | null | undefined,
  ): Promise<ReportResponseDto> {
    return this.reports.create(user.id, body, cap);
  }

  @Put(':id')
  @RequiresSubscription('report_creation')
  @ApiOperation({ summary: 'Update a draft report (fields left out keep their values; jurisdictions replace all)' })
  @ApiOkResponse({ type: ReportResponseDto })
  @ApiBadRequestResponse({ description: 'A value is missing or out of range', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'Final reports cannot be edited', type: ErrorResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateReportDto,
    @GuardedReportCap() cap: ReportCap | null | undefined,
  ): Promise<ReportResponseDto> {
    return this.reports.update(user.id, id, body, cap);
  }

  @Patch(':id/filing')
  @ApiOperation({ summary: 'Correct the day a final report was filed; the late penalty and interest follow' })
  @ApiOkResponse({ type: ReportResponseDto })
  @ApiBadRequestResponse({ description: 'filed_at is not a date, or is after today', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'Only a final report has a filing date', type: ErrorResponseDto })
  updateFiling(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateFilingDto,
  ): Promise<ReportResponseDto> {
    return this.reports.updateFiling(user.id, id, body.filed_at);
  }

  @Delete(':id')
  @ApiOperation({
    summary: "Delete a draft, a worksheet or a superseded final; a return's return of record is voided instead",
  })
  @ApiOkResponse({ type: DeleteReportResponseDto })
  @ApiConflictResponse({
    description:
      'The report is the return of record of its return (void it: POST /reports/{id}/void), or was voided and is kept',
    type: ErrorResponseDto,
  })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<DeleteReportResponseDto> {
    return this.reports.remove(user.id, id);
  }

  @Post(':id/void')
  @Roles('owner')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Void a filed return that is the return of record, with a reason: kept and shown as voided, never amended; ' +
      'the final before it is the return of record again. Owners only',
  })
  @ApiOkResponse({ type: ReportResponseDto })
  @ApiBadRequestResponse({
    description: 'reason is missing, or shorter than 5 or longer than 500 characters',
    type: ErrorResponseDto,
  })
  @ApiConflictResponse({ description: 'The report is not a return of record', type: ErrorResponseDto })
  voidReturn(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: VoidReportDto,
  ): Promise<ReportResponseDto> {
    return this.reports.void(user.id, id, body.reason);
  }

  @Post(':id/export')
  @Roles('viewer')
  @RequiresSubscription('report_export')
  @HttpCode(200)
  @ApiOperation({
    summary: "Download the report as '{name}_report.xlsx' (an amendment's as '{name}_Amendment-{N}_report.xlsx')",
  })
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({ description: 'The workbook', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'lang is not en or ru', type: ErrorResponseDto })
  export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: DocumentQueryDto,
  ): Promise<StreamableFile> {
    return this.exporter.export(user.id, id, query.lang);
  }

  @Get(':id/pdf')
  @RequiresSubscription('report_export')
  @ApiOperation({
    summary:
      "Download the return as '{name}_return.pdf' (an amendment's '{name}_Amendment-{N}_return.pdf'): one schedule per fuel type (official mode), totals, carrier, " +
      'license and filing lines, in English or Russian',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'lang is not en or ru', type: ErrorResponseDto })
  pdf(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: DocumentQueryDto,
  ): Promise<StreamableFile> {
    return this.exporter.pdf(user.id, id, query.lang);
  }
}
