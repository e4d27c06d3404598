import { Injectable, StreamableFile } from '@nestjs/common';
import { attachmentDisposition, XLSX_MIME } from '../common/http/attachment.js';
import { DocumentCache } from '../common/documents/document-cache.js';
import { asBuffer, fileJob } from '../common/workers/file-job.js';
import { WorkerPoolService } from '../common/workers/worker-pool.service.js';
import type { DocumentLanguage } from './documents/return-labels.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report } from './entities/report.entity.js';
import { ReportsService } from './reports.service.js';

/**
 * Writing the workbook is CPU work: it runs on the worker pool, never on the event loop, and the bytes are kept by
 * their content (DocumentCache), so the same unchanged report exported again is not written again.
 */
/** The return's PDF, on the pool too (documents/return-pdf.ts). */
const RETURN_PDF = fileJob<{ report: Report; rows: ReportJurisdiction[]; language: DocumentLanguage }, Uint8Array>(
  new URL('./documents/return-pdf.js', import.meta.url),
  'returnPdfBytes',
);

const REPORT_WORKBOOK = fileJob<{ report: Report; rows: ReportJurisdiction[]; language: DocumentLanguage }, Uint8Array>(
  new URL('./report-workbook.js', import.meta.url),
  'reportWorkbookBytes',
);

@Injectable()
export class ReportExportService {
  constructor(
    private readonly reports: ReportsService,
    private readonly workers: WorkerPoolService,
    private readonly documents: DocumentCache,
  ) {}

  /** Loads first (so a missing report is a 404, not a broken download), then writes the workbook on the pool. */
  async export(userId: string, id: string, language: DocumentLanguage = 'en'): Promise<StreamableFile> {
    const { report, rows } = await this.reports.load(userId, id);
    const task = { report, rows, language };
    const bytes = await this.documents.get({ kind: 'workbook', userId, ...task }, async () =>
      asBuffer(await this.workers.run(REPORT_WORKBOOK, task)),
    );
    return new StreamableFile(bytes, {
      type: XLSX_MIME,
      disposition: attachmentDisposition(`${report.name}_report.xlsx`),
      length: bytes.length,
    });
  }

  /** The return as a PDF in `language`; a missing report is a 404 before any work. */
  async pdf(userId: string, id: string, language: DocumentLanguage): Promise<StreamableFile> {
    const { report, rows } = await this.reports.load(userId, id);
    const task = { report, rows, language };
    const bytes = await this.documents.get({ kind: 'pdf', userId, ...task }, async () =>
      asBuffer(await this.workers.run(RETURN_PDF, task)),
    );
    return new StreamableFile(bytes, {
      type: 'application/pdf',
      disposition: attachmentDisposition(`${report.name}_return.pdf`),
      length: bytes.length,
    });
  }
}
