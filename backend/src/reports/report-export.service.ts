import { Injectable, type StreamableFile } from '@nestjs/common';
import { streamedFile, XLSX_MIME } from '../common/http/attachment.js';
import { writeReportWorkbook } from './report-workbook.js';
import { ReportsService } from './reports.service.js';

@Injectable()
export class ReportExportService {
  constructor(private readonly reports: ReportsService) {}

  /** Loads first (so a missing report is a 404, not a broken download), then streams the workbook. */
  async export(userId: string, id: string): Promise<StreamableFile> {
    const { report, rows } = await this.reports.load(userId, id);
    return streamedFile(`${report.name}_report.xlsx`, XLSX_MIME, (stream) => writeReportWorkbook(report, rows, stream));
  }
}
