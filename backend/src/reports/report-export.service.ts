import { Injectable, StreamableFile } from '@nestjs/common';
import { attachmentDisposition, XLSX_MIME } from '../common/http/attachment.js';
import { asBuffer, fileJob } from '../common/workers/file-job.js';
import { WorkerPoolService } from '../common/workers/worker-pool.service.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report } from './entities/report.entity.js';
import { ReportsService } from './reports.service.js';

/** Writing the workbook is CPU work: it runs on the worker pool, never on the event loop. */
const REPORT_WORKBOOK = fileJob<{ report: Report; rows: ReportJurisdiction[] }, Uint8Array>(
  new URL('./report-workbook.js', import.meta.url),
  'reportWorkbookBytes',
);

@Injectable()
export class ReportExportService {
  constructor(
    private readonly reports: ReportsService,
    private readonly workers: WorkerPoolService,
  ) {}

  /** Loads first (so a missing report is a 404, not a broken download), then writes the workbook on the pool. */
  async export(userId: string, id: string): Promise<StreamableFile> {
    const { report, rows } = await this.reports.load(userId, id);
    const bytes = asBuffer(await this.workers.run(REPORT_WORKBOOK, { report, rows }));
    return new StreamableFile(bytes, {
      type: XLSX_MIME,
      disposition: attachmentDisposition(`${report.name}_report.xlsx`),
      length: bytes.length,
    });
  }
}
