import { Module } from '@nestjs/common';
import { FinalReturns } from './final-returns.js';
import { ReportFactsRepository } from './report-facts.repository.js';
import { ReportUsageMeter } from './report-usage-meter.js';

/**
 * The reports feature's small read-only answers for other features (docs/style.md): the usage meter for subscription
 * limits and filed returns for reminders. A module of its own so that importing it brings nothing else of reports.
 */
@Module({
  providers: [ReportFactsRepository, ReportUsageMeter, FinalReturns],
  exports: [ReportUsageMeter, FinalReturns],
})
export class ReportFactsModule {}
