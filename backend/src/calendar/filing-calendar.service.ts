import { Injectable } from '@nestjs/common';
import {
  closedQuarters,
  daysBetween,
  dueDateOf,
  nextDueReturn,
  periodOptions,
  type TaxPeriodType,
} from '../ifta/index.js';
import { InterestRatesService } from '../interest-rates/interest-rates.service.js';
import { isUnfiled } from '../reports/filing-states.js';
import { ReportFilingService } from '../reports/report-filing.service.js';
import { type DueDateFiling, ReportFilingStatesService } from '../reports/report-filing-states.service.js';
import { UsersService } from '../users/users.service.js';
import type { FilingCalendarResponseDto, ReturnDueDto } from './dto/filing-calendar-response.dto.js';

/** The account's filing calendar: the periods it can report, the returns due and its recent quarters. */
@Injectable()
export class FilingCalendarService {
  constructor(
    private readonly users: UsersService,
    private readonly filing: ReportFilingService,
    private readonly states: ReportFilingStatesService,
    private readonly interestRates: InterestRatesService,
  ) {}

  async forAccount(userId: string): Promise<FilingCalendarResponseDto> {
    const settings = await this.users.getSettings(userId);
    const today = await this.filing.today(userId);
    const periodType: TaxPeriodType = settings.default_tax_period_type === 'monthly' ? 'monthly' : 'quarterly';
    const { periods, defaultPeriod } = periodOptions(today, periodType);
    const next = nextDueReturn(today);
    const quarters = closedQuarters(today, 4).map((period) => ({ period, due_date: dueDateOf(period) as string }));
    const states = await this.states.statesByDueDate(
      userId,
      [...new Set([next.dueDate, ...quarters.map((q) => q.due_date)])],
      today,
    );
    // A quarter before the last closed one with no report at all is not started, not overdue: the account may not
    // have existed then (returnDue below skips it too).
    const olderDueDates = new Set(quarters.slice(1).map((q) => q.due_date));
    const stateOf = (dueDate: string): DueDateFiling => {
      const found = states.get(dueDate) ?? { state: 'none', companies: [] };
      return olderDueDates.has(dueDate) && found.companies.length === 0 ? { state: 'none', companies: [] } : found;
    };
    const nextDue = { period: next.period, due_date: next.dueDate, days_left: next.daysLeft, ...stateOf(next.dueDate) };
    return {
      today,
      period_type: periodType,
      periods,
      default_period: defaultPeriod,
      next_due: nextDue,
      return_due: await this.returnDue(userId, today, quarters, stateOf, nextDue),
      quarters: quarters.map((q) => ({ ...q, ...stateOf(q.due_date) })),
      interest_rates: await this.interestRates.annualRates(),
    };
  }

  /**
   * The oldest return still to file, oldest first among the last four closed quarters: the last closed one always
   * counts (a return is due even with no miles), an older one only when the account has a report for it (an account
   * that did not exist then owes nothing through this app). None unfiled: the next one due. Overdue, it carries the
   * penalty and interest a final filed today would add.
   */
  private async returnDue(
    userId: string,
    today: string,
    quarters: Array<{ period: string; due_date: string }>,
    stateOf: (dueDate: string) => DueDateFiling,
    nextDue: FilingCalendarResponseDto['next_due'],
  ): Promise<ReturnDueDto> {
    const oldest = [...quarters]
      .reverse()
      .find((q) => isUnfiled(stateOf(q.due_date).state) && stateOf(q.due_date).state !== 'none');
    const chosen = oldest
      ? { ...oldest, days_left: daysBetween(today, oldest.due_date), ...stateOf(oldest.due_date) }
      : nextDue;
    const overdue = chosen.state === 'overdue';
    if (!overdue) return { ...chosen, overdue, penalty: null, interest: null, interest_rate_missing: false };
    const figures = await this.filing.filingFigures(
      userId,
      { tax_period: chosen.period, status: 'final', filed_at: today },
      await this.states.unfiledAmountsDue(userId, chosen.due_date),
    );
    return {
      ...chosen,
      overdue,
      penalty: figures.penalty,
      interest: figures.interest,
      interest_rate_missing: figures.interest_rate_missing,
    };
  }
}
