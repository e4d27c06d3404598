import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AnnualRates } from '../ifta/index.js';
import { InterestRate } from './entities/interest-rate.entity.js';

/** The annual late-interest rates by year, as data: a year the table lacks has no rate and is never guessed. */
@Injectable()
export class InterestRatesService {
  constructor(@InjectRepository(InterestRate) private readonly rates: Repository<InterestRate>) {}

  async annualRates(): Promise<AnnualRates> {
    const rows = await this.rates.find();
    return Object.fromEntries(rows.map((row) => [row.year, row.annualRate]));
  }
}
