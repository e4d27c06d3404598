import { BadRequestException, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock.js';
import { dueDateOf, type InterestRates, lateFiling, todayIn } from '../ifta/index.js';
import { InterestRatesService } from '../interest-rates/interest-rates.service.js';
import { UsersService } from '../users/users.service.js';
import type { ReportStatus } from './entities/report.entity.js';

export interface ReportFiling {
  due_date: string | null;
  filed_at: string | null;
  penalty: number | null;
  interest: number | null;
  interest_rate_missing: boolean;
}

/**
 * A report's place in the filing calendar: its due date, and for a final report the day it was filed (today in the
 * account's time zone unless given) with the late penalty and interest that follow (docs/ifta-domain.md, "Late returns").
 * `filingFigures` is the one function every view of a report (detail, Excel, PDF) reads these figures through.
 */
@Injectable()
export class ReportFilingService {
  constructor(
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly interestRates: InterestRatesService,
  ) {}

  /** Today in the account's own time zone. */
  async today(userId: string): Promise<string> {
    const settings = await this.users.getSettings(userId);
    return todayIn(settings.timezone, this.clock.now());
  }

  /** The interest table, for billing a return's amendments (return-billing.ts). */
  annualRates(): Promise<InterestRates> {
    return this.interestRates.annualRates();
  }

  async filingFigures(
    userId: string,
    report: { tax_period: string; status: ReportStatus; filed_at?: string | null },
    /** Each jurisdiction's tax plus surcharge due (amountsDueByJurisdiction): what penalty and interest are on. */
    jurisdictionAmountsDue: ReadonlyArray<number | string>,
  ): Promise<ReportFiling> {
    const dueDate = dueDateOf(report.tax_period);
    if (report.status !== 'final') {
      return { due_date: dueDate, filed_at: null, penalty: null, interest: null, interest_rate_missing: false };
    }
    const today = await this.today(userId);
    const filedAt = report.filed_at ?? today;
    if (filedAt > today) {
      const message = `filed_at ${filedAt} is after today (${today})`;
      throw new BadRequestException({ error: message, message, fields: { filed_at: message } });
    }
    if (!dueDate)
      return { due_date: null, filed_at: filedAt, penalty: null, interest: null, interest_rate_missing: false };
    const late = lateFiling({
      dueDate,
      filedAt,
      jurisdictionTaxDue: jurisdictionAmountsDue,
      annualRates: await this.interestRates.annualRates(),
    });
    if (late.missingRateYears.length > 0) this.interestRates.reportMissing(late.missingRateYears);
    return {
      due_date: dueDate,
      filed_at: filedAt,
      penalty: late.penalty === null ? null : Number(late.penalty),
      interest: late.interest === null ? null : Number(late.interest),
      interest_rate_missing: late.missingRateYears.length > 0,
    };
  }
}
