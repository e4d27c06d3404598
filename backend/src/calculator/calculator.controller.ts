import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Post,
  Query,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { XLSX_MIME } from '../common/http/attachment.js';
import { UploadLimitInterceptor } from '../common/rate-limit/upload-limit.interceptor.js';
import { CalculatorService, type UploadedWorkbook } from './calculator.service.js';
import { ImportErrorResponseDto, ImportResponseDto, PasteDataDto, UploadExcelDto } from './dto/import.dto.js';
import { ExcelUploadInterceptor } from './upload.interceptor.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { roleNeeded } from '../common/guards/roles.guard.js';
import { roleAtLeast } from '../common/roles.js';

/**
 * Reading a file or a paste only answers rows, which a viewer may do; with `session_id` the rows are also written to
 * a saved calculation session, which needs the role that may write one (PUT /calculation-sessions: a bookkeeper).
 */
function mayWriteSession(user: AuthenticatedUser, sessionId: string | undefined): void {
  if (sessionId && !roleAtLeast(user.role, 'bookkeeper')) {
    throw new ForbiddenException({ error: roleNeeded('bookkeeper') });
  }
}

@ApiTags('calculator')
@Authenticated()
@RequiresSubscription('calculator')
@Controller('protected/calculator')
export class CalculatorController {
  constructor(private readonly calculator: CalculatorService) {}

  @Get('template')
  @ApiOperation({ summary: 'Download the import template (IFTA_Template_{company}_{period}_{YYYY-MM-DD}.xlsx)' })
  @ApiQuery({ name: 'company', required: false, description: "Defaults to the account's company name" })
  @ApiQuery({ name: 'period', required: false, description: 'Defaults to the current year plus -Q1' })
  @ApiProduces(XLSX_MIME)
  @ApiOkResponse({ description: 'The workbook', schema: { type: 'string', format: 'binary' } })
  template(
    @CurrentUser() user: AuthenticatedUser,
    @Query('company') company?: string,
    @Query('period') period?: string,
  ): Promise<StreamableFile> {
    return this.calculator.template(
      user.id,
      typeof company === 'string' ? company : undefined,
      typeof period === 'string' ? period : undefined,
    );
  }

  @Post('upload-excel')
  @Roles('viewer')
  @HttpCode(200)
  @UseInterceptors(UploadLimitInterceptor, ExcelUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadExcelDto })
  @ApiOperation({ summary: 'Read jurisdiction rows from an .xlsx (at most 10 MB, 5,000 rows)' })
  @ApiOkResponse({ type: ImportResponseDto })
  @ApiBadRequestResponse({
    description:
      "Not an .xlsx ('Разрешены только файлы .xlsx'), over 10 MB ('File must not exceed 10MB'), unreadable " +
      "('Error: Failed to process file'), or rows with problems (listed in `errors`, nothing imported)",
    type: ImportErrorResponseDto,
  })
  @ApiNotFoundResponse({ description: 'session_id is not one of the account sessions', type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({
    description: 'More than UPLOAD_RATE_LIMIT uploads this minute or UPLOAD_CONCURRENCY at once (see Retry-After)',
    type: ErrorResponseDto,
  })
  @ApiServiceUnavailableResponse({
    description: 'Every file worker is busy and the queue is full (see Retry-After)',
    type: ErrorResponseDto,
  })
  uploadExcel(
    @CurrentUser() user: AuthenticatedUser,
    @UploadedFile() file: UploadedWorkbook | undefined,
    @Body() body: UploadExcelDto,
  ): Promise<ImportResponseDto> {
    mayWriteSession(user, body.session_id);
    return this.calculator.uploadExcel(user.id, file, body);
  }

  @Post('paste-data')
  @Roles('viewer')
  @HttpCode(200)
  // A paste is read on the file threads like an upload, so it counts against the same per-account limits.
  @UseInterceptors(UploadLimitInterceptor)
  @ApiOperation({ summary: 'Read pasted "abbreviation, miles, gallons" lines (comma or tab separated, at most 5,000)' })
  @ApiOkResponse({ type: ImportResponseDto })
  @ApiBadRequestResponse({
    description: "Blank ('Please paste some data'), more than 5,000 lines, or lines with problems",
    type: ImportErrorResponseDto,
  })
  @ApiNotFoundResponse({ description: 'session_id is not one of the account sessions', type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({
    description:
      'More than UPLOAD_RATE_LIMIT uploads and pastes this minute or UPLOAD_CONCURRENCY at once (see Retry-After)',
    type: ErrorResponseDto,
  })
  @ApiServiceUnavailableResponse({
    description: 'Every file worker is busy and the queue is full (see Retry-After)',
    type: ErrorResponseDto,
  })
  pasteData(@CurrentUser() user: AuthenticatedUser, @Body() body: PasteDataDto): Promise<ImportResponseDto> {
    mayWriteSession(user, body.session_id);
    return this.calculator.pasteData(user.id, body);
  }
}
