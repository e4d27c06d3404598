import { Injectable, StreamableFile } from '@nestjs/common';
import { attachmentDisposition, XLSX_MIME } from '../common/http/attachment.js';
import { DocumentCache } from '../common/documents/document-cache.js';
import { asBuffer, fileJob } from '../common/workers/file-job.js';
import { WorkerPoolService } from '../common/workers/worker-pool.service.js';
import { Clock } from '../common/clock/clock.js';
import { todayIn } from '../ifta/index.js';
import { InterestRatesService } from '../interest-rates/interest-rates.service.js';
import type { SettingsDto } from '../users/dto/settings.dto.js';
import { UsersService } from '../users/users.service.js';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from './documents/return-labels.js';
import type { DocumentDates } from './documents/workbook-labels.js';
import type { CarrierAccount } from './documents/return-pdf-document.js';
import { reportLineInterest } from './report-line-interest.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report } from './entities/report.entity.js';
import { ReportsService } from './reports.service.js';

/**
 * Writing a workbook or a PDF is CPU work: both run on the worker pool, never on the event loop, and their bytes
 * are kept by content (DocumentCache), so an unchanged report exported again is not written again.
 */
const RETURN_PDF = fileJob<
  {
    report: Report;
    rows: ReportJurisdiction[];
    language: DocumentLanguage;
    account: CarrierAccount;
    lineInterest: number[];
  },
  Uint8Array
>(new URL('./documents/return-pdf.js', import.meta.url), 'returnPdfBytes');

const REPORT_WORKBOOK = fileJob<
  { report: Report; rows: ReportJurisdiction[]; language: DocumentLanguage; dates: DocumentDates },
  Uint8Array
>(new URL('./report-workbook.js', import.meta.url), 'reportWorkbookBytes');

/** Who did something to the report, as the detail's JSON gives it. */
interface Signature {
  email: string | null;
}

@Injectable()
export class ReportExportService {
  constructor(
    private readonly reports: ReportsService,
    private readonly workers: WorkerPoolService,
    private readonly documents: DocumentCache,
    private readonly users: UsersService,
    private readonly interestRates: InterestRatesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Reads the report as the detail view's JSON first (one prepared statement; a missing report is a 404, not a
   * broken download). That text holds every figure the documents print, so it keys the document cache: an
   * unchanged report is answered from there, and only a miss loads the entities and writes on the pool.
   */
  async export(userId: string, id: string, language?: DocumentLanguage): Promise<StreamableFile> {
    return this.document(userId, id, language, 'workbook');
  }

  /** The return as a PDF in `language` (else the account's), cached and written as the workbook is. */
  async pdf(userId: string, id: string, language?: DocumentLanguage): Promise<StreamableFile> {
    return this.document(userId, id, language, 'pdf');
  }

  /**
   * The return's PDF bytes in the account's language, as `pdf` writes them (cache and worker pool alike), without
   * recording a download of the report: a caller packing it into a larger file records that file's export itself.
   */
  async pdfBytes(userId: string, id: string): Promise<Buffer> {
    return (await this.bytes(userId, id, undefined, 'pdf')).bytes;
  }

  /** The carrier block's settings, and the day the document is written in the account's time zone. */
  private carrier(settings: SettingsDto): CarrierAccount {
    return {
      address: settings.company_address,
      licenseNumber: settings.ifta_license_number,
      fein: settings.fein,
      baseJurisdiction: settings.base_jurisdiction,
      dateFormat: settings.date_format,
      preparedOn: todayIn(settings.timezone, this.clock.now()),
    };
  }

  /**
   * A document is written in the language asked for, else the account's language setting; its dates in the
   * account's date format and time zone.
   */
  private async document(
    userId: string,
    id: string,
    asked: DocumentLanguage | undefined,
    kind: 'workbook' | 'pdf',
  ): Promise<StreamableFile> {
    const { bytes, name } = await this.bytes(userId, id, asked, kind);
    await this.reports.recordExport(userId, id, name, kind === 'pdf' ? 'pdf' : 'xlsx');
    return new StreamableFile(bytes, {
      type: kind === 'pdf' ? 'application/pdf' : XLSX_MIME,
      disposition: attachmentDisposition(`${name}_${kind === 'pdf' ? 'return.pdf' : 'report.xlsx'}`),
      length: bytes.length,
    });
  }

  private async bytes(
    userId: string,
    id: string,
    asked: DocumentLanguage | undefined,
    kind: 'workbook' | 'pdf',
  ): Promise<{ bytes: Buffer; name: string }> {
    const json = await this.reports.getJson(userId, id);
    const settings = await this.users.getSettings(userId);
    const saved = DOCUMENT_LANGUAGES.find((known) => known === settings.language);
    const language: DocumentLanguage = asked ?? saved ?? 'en';
    // The settings a document prints (the PDF's carrier block, every date's format and zone) key it too.
    const dates: DocumentDates = { dateFormat: settings.date_format, timeZone: settings.timezone };
    const authors = JSON.parse(json) as { prepared_by: Signature | null; finalised_by: Signature | null };
    const account =
      kind === 'pdf'
        ? {
            ...this.carrier(settings),
            preparedBy: authors.prepared_by?.email,
            finalisedBy: authors.finalised_by?.email,
          }
        : null;
    const key = { kind, userId, language, report: json, account, dates };
    const bytes = await this.documents.get(key, async () => {
      const { report, rows } = await this.reports.load(userId, id);
      if (!account) return asBuffer(await this.workers.run(REPORT_WORKBOOK, { report, rows, language, dates }, userId));
      const lineInterest = reportLineInterest(report, rows, await this.interestRates.annualRates());
      return asBuffer(await this.workers.run(RETURN_PDF, { report, rows, language, account, lineInterest }, userId));
    });
    const { name, amendment_number: amendment } = JSON.parse(json) as { name: string; amendment_number: number | null };
    // An amendment shares its return's name; its files must not overwrite the original's in a download folder.
    return { bytes, name: amendment === null ? name : `${name}_Amendment-${amendment}` };
  }
}
