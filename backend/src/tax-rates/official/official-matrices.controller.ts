import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
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
import type { AuthenticatedUser } from '../../common/authenticated-user.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { ErrorResponseDto } from '../../common/dto/error-response.dto.js';
import { OperatorOnly } from '../../operator/operator-only.decorator.js';
import { RateMatrixUploadDto } from '../dto/rate-matrix-import.dto.js';
import { MatrixDecisionDto, OperatorMatrixUploadDto } from './dto/official-matrix.dto.js';
import { MatrixUploadInterceptor } from '../matrix/matrix-upload.interceptor.js';
import { RateMatrixError } from '../matrix/parse-rate-matrix.js';
import type { UploadedMatrix } from '../matrix/rate-matrix-import.service.js';
import { parseQuarter, type Quarter } from '../quarter.js';
import {
  MatrixCheckDto,
  MatrixPreviewDto,
  MatrixRunPageDto,
  MatrixRunQueryDto,
  OfficialMatrixDetailDto,
  OfficialMatrixPageDto,
  PublishOutcomeDto,
} from './dto/official-matrix.dto.js';
import { MatrixUpdaterJob } from './matrix-updater.job.js';
import { OfficialMatricesRepository } from './official-matrices.repository.js';
import { MatrixDecisionError, MatrixRefusedError, OfficialMatricesService } from './official-matrices.service.js';

const badFile = (message: string, row?: number) =>
  new BadRequestException({ error: message, message, fields: { file: message }, ...(row ? { row } : {}) });

const pagination = (total: number, page: number, limit: number) => ({
  total,
  totalPages: Math.ceil(total / limit),
  page,
  limit,
});

/**
 * The operator console's official matrices: every quarter's versions, an upload previewed against the version in
 * force and then published for every account, and the updater's runs with their failures.
 */
@ApiTags('operator')
@OperatorOnly()
@Controller('operator')
export class OfficialMatricesController {
  constructor(
    private readonly matrices: OfficialMatricesService,
    private readonly repository: OfficialMatricesRepository,
    private readonly updater: MatrixUpdaterJob,
  ) {}

  @Get('rate-matrices')
  @ApiOperation({ summary: "Every official matrix version, newest quarter first (the operator's history)" })
  @ApiOkResponse({ type: OfficialMatrixPageDto })
  async list(@Query() query: PageQueryDto): Promise<OfficialMatrixPageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { data, total } = await this.repository.page(page, limit);
    return { data, pagination: pagination(total, page, limit) };
  }

  @Get('rate-matrices/:id')
  @ApiOperation({ summary: 'One matrix version with its rates' })
  @ApiOkResponse({ type: OfficialMatrixDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async get(
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
  ): Promise<OfficialMatrixDetailDto> {
    const matrix = await this.repository.find(id);
    if (!matrix) throw new NotFoundException({ error: 'Matrix not found', message: 'Matrix not found' });
    return { ...matrix, rates: (await this.repository.rates(id)) as OfficialMatrixDetailDto['rates'] };
  }

  @Post('rate-matrices/preview')
  @HttpCode(200)
  @UseInterceptors(MatrixUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: RateMatrixUploadDto })
  @ApiOperation({
    summary: "What publishing a matrix file (IFTA's published CSV, or the one-line-per-row layout) would change",
  })
  @ApiOkResponse({ type: MatrixPreviewDto })
  @ApiBadRequestResponse({ description: 'No file, not a CSV, or a bad row (named)', type: ErrorResponseDto })
  async preview(
    @UploadedFile() file: UploadedMatrix | undefined,
    @Body() body: RateMatrixUploadDto,
  ): Promise<MatrixPreviewDto> {
    const content = this.fileOf(file);
    return this.readable(() => this.matrices.preview({ content, quarter: this.quarterOf(body) }));
  }

  @Post('rate-matrices')
  @HttpCode(201)
  @UseInterceptors(MatrixUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: OperatorMatrixUploadDto })
  @ApiOperation({
    summary: "Publish a matrix file as its quarter's newest version and apply it to every account",
    description:
      "Accounts' own changes stay; drafts priced provisionally for that quarter are repriced. A file that removes " +
      "rates (the preview's losses) is held for review (outcome 'held') unless a reason is given.",
  })
  @ApiCreatedResponse({ type: PublishOutcomeDto })
  @ApiBadRequestResponse({
    description: 'Unreadable, incomplete (not all 58 members) or out of bounds; nothing published',
    type: ErrorResponseDto,
  })
  async publish(
    @CurrentUser() user: AuthenticatedUser,
    @UploadedFile() file: UploadedMatrix | undefined,
    @Body() body: OperatorMatrixUploadDto,
  ): Promise<PublishOutcomeDto> {
    const content = this.fileOf(file);
    const quarter = this.quarterOf(body);
    return this.readable(() =>
      this.matrices.publish({
        content,
        quarter,
        sourceKind: 'file',
        source: file!.originalname,
        publishedBy: user.email,
        reason: body.reason,
      }),
    );
  }

  @Post('rate-matrices/:id/publish')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Publish a held version (one that removes rates) for every account, saying why',
  })
  @ApiOkResponse({ type: PublishOutcomeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The version is not held', type: ErrorResponseDto })
  async release(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() body: MatrixDecisionDto,
  ): Promise<PublishOutcomeDto> {
    return this.decided(() => this.matrices.release(id, { reason: body.reason.trim(), by: user.email }));
  }

  @Post('rate-matrices/:id/restore')
  @HttpCode(201)
  @ApiOperation({
    summary: "Bring an earlier version back as the quarter's newest, for every account, saying why",
  })
  @ApiCreatedResponse({ type: PublishOutcomeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The version is the one in force already', type: ErrorResponseDto })
  async restore(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() body: MatrixDecisionDto,
  ): Promise<PublishOutcomeDto> {
    return this.decided(() => this.matrices.restore(id, { reason: body.reason.trim(), by: user.email }));
  }

  @Get('rate-matrix-runs')
  @ApiOperation({ summary: "The updater's runs, newest first, each with its outcome" })
  @ApiOkResponse({ type: MatrixRunPageDto })
  async runs(@Query() query: MatrixRunQueryDto): Promise<MatrixRunPageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { data, total } = await this.repository.runs(page, limit, query.outcome);
    return { data, pagination: pagination(total, page, limit) };
  }

  @Post('rate-matrix-runs')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check IFTA for new matrices now instead of at the next interval' })
  @ApiOkResponse({ type: [MatrixCheckDto] })
  @ApiConflictResponse({ description: 'The updater is off, or running on another replica', type: ErrorResponseDto })
  async checkNow(): Promise<MatrixCheckDto[]> {
    const checks = this.updater.enabled ? await this.updater.run() : null;
    if (!checks) {
      const message = this.updater.enabled
        ? 'The updater is running on another replica; its runs will show here'
        : 'The updater is off (RATE_MATRIX_URL is empty): upload the file instead';
      throw new ConflictException({ error: message, message });
    }
    return checks;
  }

  private async decided(work: () => Promise<PublishOutcomeDto>): Promise<PublishOutcomeDto> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof MatrixDecisionError)) throw error;
      if (error.message === 'Matrix not found') {
        throw new NotFoundException({ error: error.message, message: error.message });
      }
      throw new ConflictException({ error: error.message, message: error.message });
    }
  }

  private fileOf(file: UploadedMatrix | undefined): Buffer {
    if (!file) throw badFile('Choose the rate matrix CSV file');
    if (!/\.csv$/i.test(file.originalname)) throw badFile('The rate matrix must be a .csv file');
    return file.buffer;
  }

  private quarterOf(body: RateMatrixUploadDto): Quarter {
    return parseQuarter(body.quarter)!; // the DTO has checked its pattern
  }

  private async readable<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RateMatrixError) throw badFile(error.message, error.line);
      if (error instanceof MatrixRefusedError) throw badFile(error.message);
      throw error;
    }
  }
}
