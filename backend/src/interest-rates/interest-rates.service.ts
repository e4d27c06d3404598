import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { InterestRatePeriod } from '../ifta/index.js';
import { InterestRate } from './entities/interest-rate.entity.js';

/** IFTA's late-interest rates by period, as data: a day no period covers has no rate and is never guessed. */
@Injectable()
export class InterestRatesService {
  private readonly logger = new Logger('InterestRates');
  /** Years already reported missing by this process, so the operator is told once, not on every late return. */
  private readonly reported = new Set<number>();

  constructor(@InjectRepository(InterestRate) private readonly rates: Repository<InterestRate>) {}

  /** Tells the operator (a warning in the log) that late interest needs a rate no period covers. */
  reportMissing(years: readonly number[]): void {
    for (const year of years) {
      if (this.reported.has(year)) continue;
      this.reported.add(year);
      this.logger.warn(
        `No IFTA interest rate covers ${year}: late returns show "Annual rate missing" until an operator adds ` +
          'its period (operator console, Interest rates; or PUT /api/operator/interest-rates/{effective_from})',
      );
    }
  }

  /** A period was saved: a year still missing is told again the next time a late return needs it. */
  forgetReportedGaps(): void {
    this.reported.clear();
  }

  async annualRates(): Promise<InterestRatePeriod[]> {
    const rows = await this.rates.find({ order: { effectiveFrom: 'ASC' } });
    return rows.map((row) => ({ from: row.effectiveFrom, to: row.effectiveTo, annualRate: row.annualRate }));
  }
}
