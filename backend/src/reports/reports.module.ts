import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountJurisdictionsService } from './account-jurisdictions.service.js';
import { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import { Report } from './entities/report.entity.js';
import { ReportExportService } from './report-export.service.js';
import { ReportStatsService } from './report-stats.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Report, ReportJurisdiction])],
  controllers: [ReportsController],
  providers: [ReportsService, ReportExportService, ReportStatsService, AccountJurisdictionsService],
  exports: [AccountJurisdictionsService],
})
export class ReportsModule {}
