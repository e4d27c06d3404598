import { BadRequestException, HttpException, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { attachmentDisposition, XLSX_MIME } from '../common/http/attachment.js';
import { asBuffer, fileJob } from '../common/workers/file-job.js';
import { FileJobTimeoutError, WorkerPoolService } from '../common/workers/worker-pool.service.js';
import {
  type ConversionFactors,
  conversionFactorsFor,
  type DistanceUnit,
  type ImportProblem,
  type ImportResult,
  type JurisdictionDirectory,
  parseSheetRows,
  roundTo,
  toNumber,
  type VolumeUnit,
} from '../ifta/index.js';
import { AccountJurisdictionsService } from '../reports/account-jurisdictions.service.js';
import { type EntryInput, type ImportedEntry, toImportedEntry } from '../calculation-sessions/imported-entry.js';
import { mergeByJurisdiction } from './merge-lines.js';
import { CalculationSessionsService } from '../calculation-sessions/calculation-sessions.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { UsersService } from '../users/users.service.js';
import type { ImportResponseDto, PasteDataDto, UploadExcelDto } from './dto/import.dto.js';
import { MAX_LISTED_PROBLEMS, type PasteReadOutcome, type PasteReadTask } from './paste-reader.js';
import type { TemplateInfo } from './template-workbook.js';
import { WORKBOOK_LIMITS, type WorkbookReadOutcome } from './xlsx/workbook-reader.js';
import { unpackedTooLargeMessage, ZIP_LOCAL_SIGNATURE } from './xlsx/zip-archive.js';

export const ONLY_XLSX = 'Разрешены только файлы .xlsx';
export const FAILED_TO_PROCESS = 'Error: Failed to process file';

/** Both run on the worker pool: reading an upload and writing the template are the calculator's CPU-heavy work. */
const READ_WORKBOOK = fileJob<{ bytes: Uint8Array; maxUnpackedBytes: number }, WorkbookReadOutcome>(
  new URL('./xlsx/workbook-reader.js', import.meta.url),
  'readWorkbookJob',
  'upload',
);
/** A paste is read on the pool too: up to 1 MB of text, which cost the event loop up to 0.7 s. */
const READ_PASTE = fileJob<PasteReadTask, PasteReadOutcome>(
  new URL('./paste-reader.js', import.meta.url),
  'readPasteJob',
  'upload',
);
const BUILD_TEMPLATE = fileJob<TemplateInfo, Uint8Array>(
  new URL('./template-workbook.js', import.meta.url),
  'buildTemplateWorkbook',
);

export interface UploadedWorkbook {
  originalname: string;
  buffer: Buffer;
}

type ImportOptions = Pick<UploadExcelDto, 'session_id' | 'period' | 'average_mpg' | 'distance_unit' | 'volume_unit'>;

/** The units the account enters and imports in, and the factors its base jurisdiction's form converts with. */
interface AccountUnits {
  distance: DistanceUnit;
  volume: VolumeUnit;
  factors: ConversionFactors;
}

/**
 * The units of a file's numbers: a column header naming a unit wins (parseSheetRows, splitPasteLines), then the
 * request's unit fields, then the account's unit setting.
 */
const unitsOf = (options: ImportOptions, account: AccountUnits) => ({
  distance: options.distance_unit ?? account.distance,
  volume: options.volume_unit ?? account.volume,
  factors: account.factors,
});

const fileNamePart = (text: string) =>
  text
    .trim()
    .replace(/[^\p{L}\p{N}.-]+/gu, '_')
    .slice(0, 80) || 'IFTA';

@Injectable()
export class CalculatorService {
  private readonly logger = new Logger('Calculator');

  constructor(
    private readonly accounts: AccountProfile,
    private readonly users: UsersService,
    private readonly accountJurisdictions: AccountJurisdictionsService,
    private readonly sessions: CalculationSessionsService,
    private readonly workers: WorkerPoolService,
  ) {}

  /** The import template, named `IFTA_Template_{company}_{period}_{YYYY-MM-DD}.xlsx`. */
  async template(userId: string, company?: string, period?: string): Promise<StreamableFile> {
    const now = new Date();
    const companyName = company?.trim() || (await this.companyName(userId));
    const taxPeriod = period?.trim() || `${now.getUTCFullYear()}-Q1`;
    const buffer = asBuffer(
      await this.workers.run(BUILD_TEMPLATE, { company: companyName, period: taxPeriod, generated: now }, userId),
    );
    const fileName = `IFTA_Template_${fileNamePart(companyName)}_${fileNamePart(taxPeriod)}_${now.toISOString().slice(0, 10)}.xlsx`;
    return new StreamableFile(buffer, {
      type: XLSX_MIME,
      disposition: attachmentDisposition(fileName),
      length: buffer.length,
    });
  }

  async uploadExcel(
    userId: string,
    file: UploadedWorkbook | undefined,
    options: ImportOptions,
  ): Promise<ImportResponseDto> {
    if (!file) throw new BadRequestException({ error: 'Please choose an .xlsx file to upload' });
    if (!/\.xlsx$/i.test(file.originalname)) throw new BadRequestException({ error: ONLY_XLSX });
    // Named .xlsx but not a zip: a damaged or mislabelled workbook, which is unreadable rather than of the wrong type.
    if (!file.buffer.subarray(0, 4).equals(ZIP_LOCAL_SIGNATURE)) {
      throw new BadRequestException({ error: FAILED_TO_PROCESS });
    }
    const averageMpg = await this.averageMpg(userId, options);
    const rows = await this.readRows(userId, file.buffer);
    const directory = await this.accountJurisdictions.forAccount(userId);
    const units = unitsOf(options, await this.accountUnits(userId));
    const result = parseSheetRows(rows, { isKnownJurisdiction: directory.isKnown, units });
    if (result.rows.length > WORKBOOK_LIMITS.maxDataRows) throw this.tooManyRows(); // a sheet without a header
    return this.finish(userId, result, 'Row', directory, averageMpg, options);
  }

  /**
   * Reads the sheet on the worker pool. A file that is unreadable, or that takes longer than the job time limit,
   * answers the spec's 'Error: Failed to process file'; a full pool answers 503 with Retry-After (thrown as is).
   */
  private async readRows(userId: string, buffer: Buffer) {
    let outcome: WorkbookReadOutcome;
    try {
      outcome = await this.workers.run(
        READ_WORKBOOK,
        { bytes: buffer, maxUnpackedBytes: this.workers.maxUnpackedBytes },
        userId,
      );
    } catch (error) {
      if (!(error instanceof FileJobTimeoutError) && error instanceof HttpException) throw error;
      this.logger.warn(`unreadable upload: ${error instanceof FileJobTimeoutError ? 'time limit' : String(error)}`);
      throw new BadRequestException({ error: FAILED_TO_PROCESS });
    }
    if ('tooManyRows' in outcome) throw this.tooManyRows();
    if ('tooLarge' in outcome) {
      const text = unpackedTooLargeMessage(outcome.tooLarge.unpackedBytes, outcome.tooLarge.limitBytes);
      throw new BadRequestException({ error: `${FAILED_TO_PROCESS}: ${text}`, errors: [text], details: [] });
    }
    if ('unreadable' in outcome) {
      this.logger.warn(`unreadable upload: ${outcome.unreadable}`);
      throw new BadRequestException({ error: FAILED_TO_PROCESS });
    }
    return outcome.rows;
  }

  async pasteData(userId: string, body: PasteDataDto): Promise<ImportResponseDto> {
    if (!body.data.trim()) throw new BadRequestException({ error: 'Please paste some data' });
    const averageMpg = await this.averageMpg(userId, body);
    const outcome = await this.workers.run(
      READ_PASTE,
      {
        text: body.data,
        maxLines: WORKBOOK_LIMITS.maxDataRows,
        units: unitsOf(body, await this.accountUnits(userId)),
        rates: await this.accountJurisdictions.rates(userId),
      },
      userId,
    );
    if ('tooManyLines' in outcome) {
      throw new BadRequestException({
        error: `At most ${WORKBOOK_LIMITS.maxDataRows.toLocaleString('en-US')} lines can be pasted at once`,
      });
    }
    if (outcome.problemCount) throw this.rowErrors(outcome.problems, 'Line', outcome.problemCount);
    return this.answer(userId, outcome.lines, outcome.conversions, averageMpg, body);
  }

  private async finish(
    userId: string,
    result: ImportResult,
    unit: 'Row' | 'Line',
    directory: JurisdictionDirectory,
    averageMpg: number,
    options: ImportOptions,
  ): Promise<ImportResponseDto> {
    if (result.errors.length) throw this.rowErrors(result.errors, unit);
    return this.answer(userId, mergeByJurisdiction(result.rows, directory), result.conversions, averageMpg, options);
  }

  /** The merged lines as entries, appended to the session when one is named. */
  private async answer(
    userId: string,
    lines: EntryInput[],
    conversions: string[] | undefined,
    averageMpg: number,
    options: ImportOptions,
  ): Promise<ImportResponseDto> {
    const entries: ImportedEntry[] = lines.map((line) => toImportedEntry(line, averageMpg));
    if (options.session_id && entries.length) {
      await this.sessions.appendEntries(userId, options.session_id, entries, options.period);
    }
    return {
      entries,
      count: entries.length,
      ...(conversions ? { conversions } : {}),
      average_mpg: averageMpg,
      ...(options.session_id ? { session_id: options.session_id } : {}),
    };
  }

  private tooManyRows(): BadRequestException {
    const text = `The sheet has more than ${WORKBOOK_LIMITS.maxDataRows.toLocaleString('en-US')} rows`;
    return new BadRequestException({ error: `${FAILED_TO_PROCESS}: ${text}`, errors: [text], details: [] });
  }

  /** All-or-nothing: one bad row refuses the import, so a return never silently misses a jurisdiction. */
  private rowErrors(problems: ImportProblem[], unit: 'Row' | 'Line', count = problems.length): BadRequestException {
    const lines = problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => `${unit} ${p.row}: ${p.message}`);
    if (count > MAX_LISTED_PROBLEMS) lines.push(`… and ${count - MAX_LISTED_PROBLEMS} more`);
    const error = `Some ${unit === 'Row' ? 'rows' : 'lines'} could not be imported; nothing was imported`;
    return new BadRequestException({
      error,
      message: error,
      errors: lines,
      details: problems.slice(0, MAX_LISTED_PROBLEMS),
    });
  }

  /** Explicit MPG, else the session's (when positive), else the account's default MPG setting. */
  private async averageMpg(userId: string, options: ImportOptions): Promise<number> {
    const sessionMpg = options.session_id ? await this.sessions.averageMpgOf(userId, options.session_id) : 0;
    if (options.average_mpg !== undefined) return roundTo(options.average_mpg, 2);
    if (sessionMpg > 0) return sessionMpg;
    return toNumber((await this.accounts.defaultMpg(userId)) ?? undefined);
  }

  private async accountUnits(userId: string): Promise<AccountUnits> {
    const settings = await this.users.getSettings(userId);
    const metric = settings.distance_unit === 'km_litres';
    return {
      distance: metric ? 'km' : 'mi',
      volume: metric ? 'l' : 'gal',
      factors: conversionFactorsFor(settings.base_jurisdiction),
    };
  }

  private async companyName(userId: string): Promise<string> {
    return (await this.accounts.companyName(userId)) ?? 'IFTA';
  }
}
