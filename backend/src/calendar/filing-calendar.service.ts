import { Injectable } from '@nestjs/common';
import { closedQuarters, dueDateOf, nextDueReturn, periodOptions, type TaxPeriodType } from '../ifta/index.js';
import { ReportFilingService } from '../reports/report-filing.service.js';
import { ReportFilingStatesService } from '../reports/report-filing-states.service.js';
import { UsersService } from '../users/users.service.js';
import type { FilingCalendarResponseDto } from './dto/filing-calendar-response.dto.js';

/** The account's filing calendar: the periods it can report, the next return due and its recent quarters. */
@Injectable()
export class FilingCalendarService {
  constructor(
    private readonly users: UsersService,
    private readonly filing: ReportFilingService,
    private readonly states: ReportFilingStatesService,
  ) {}

  async forAccount(userId: string): Promise<FilingCalendarResponseDto> {
    const settings = await this.users.getSettings(userId);
    const today = await this.filing.today(userId);
    const periodType: TaxPeriodType = settings.default_tax_period_type === 'monthly' ? 'monthly' : 'quarterly';
    const { periods, defaultPeriod } = periodOptions(today, periodType);
    const next = nextDueReturn(today);
    const quarters = closedQuarters(today, 4).map((period) => ({ period, due_date: dueDateOf(period) as string }));
    const states = await this.states.statesByDueDate(userId, [next.dueDate, ...quarters.map((q) => q.due_date)]);
    return {
      today,
      period_type: periodType,
      periods,
      default_period: defaultPeriod,
      next_due: {
        period: next.period,
        due_date: next.dueDate,
        days_left: next.daysLeft,
        state: states.get(next.dueDate) ?? 'none',
      },
      quarters: quarters.map((q) => ({ ...q, state: states.get(q.due_date) ?? 'none' })),
    };
  }
}
