import { Module } from '@nestjs/common';
import { InterestRatesModule } from '../interest-rates/interest-rates.module.js';
import { ReportFactsModule } from '../reports/report-facts.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { UsersModule } from '../users/users.module.js';
import { CalendarRepository } from './calendar.repository.js';
import { FilingCalendarController } from './filing-calendar.controller.js';
import { FilingCalendarService } from './filing-calendar.service.js';
import { ReminderJob } from './reminder.job.js';

/** The filing calendar: periods, due dates and the state of recent returns, and the reminder e-mails. */
@Module({
  imports: [ReportsModule, ReportFactsModule, UsersModule, InterestRatesModule],
  controllers: [FilingCalendarController],
  providers: [FilingCalendarService, ReminderJob, CalendarRepository],
  exports: [ReminderJob, FilingCalendarService],
})
export class CalendarModule {}
