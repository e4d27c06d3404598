import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { InterestRatePeriod } from '../ifta/index.js';
import { InterestRate } from './entities/interest-rate.entity.js';

/** IFTA's late-interest rates by period, as data: a day no period covers has no rate and is never guessed. */
@Injectable()
export class InterestRatesService {
  constructor(@InjectRepository(InterestRate) private readonly rates: Repository<InterestRate>) {}

  async annualRates(): Promise<InterestRatePeriod[]> {
    const rows = await this.rates.find({ order: { effectiveFrom: 'ASC' } });
    return rows.map((row) => ({ from: row.effectiveFrom, to: row.effectiveTo, annualRate: row.annualRate }));
  }
}
