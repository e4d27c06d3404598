import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountJurisdictionsService } from './account-jurisdictions.service.js';
import { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import { Report } from './entities/report.entity.js';
import { InterestRatesModule } from '../interest-rates/interest-rates.module.js';
import { TaxRatesModule } from '../tax-rates/tax-rates.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReportFilingService } from './report-filing.service.js';
import { ReportFilingStatesService } from './report-filing-states.service.js';
import { ReportExportService } from './report-export.service.js';
import { ReportStatsService } from './report-stats.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { ProvisionalDraftsRepricer } from './provisional-drafts-repricer.js';
import { RateNoticesController } from './rate-notices.controller.js';
import { RateNoticesRepository } from './rate-notices.repository.js';
import { RateNoticesService } from './rate-notices.service.js';
import { ReturnPaymentsController } from './return-payments.controller.js';
import { ReturnPaymentsRepository } from './return-payments.repository.js';
import { ReturnPaymentsService } from './return-payments.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Report, ReportJurisdiction]), UsersModule, InterestRatesModule, TaxRatesModule],
  controllers: [ReportsController, RateNoticesController, ReturnPaymentsController],
  providers: [
    ReportsRepository,
    ReportsService,
    ReportExportService,
    ReportStatsService,
    AccountJurisdictionsService,
    ReportFilingService,
    ReportFilingStatesService,
    ProvisionalDraftsRepricer,
    RateNoticesRepository,
    RateNoticesService,
    ReturnPaymentsRepository,
    ReturnPaymentsService,
  ],
  exports: [
    ReportsService,
    ReportExportService,
    AccountJurisdictionsService,
    ReportFilingService,
    ReportFilingStatesService,
  ],
})
export class ReportsModule {}
