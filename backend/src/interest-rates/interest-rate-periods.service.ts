import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PERIOD_YEAR_RANGE } from '../ifta/index.js';
import type {
  InterestRatePeriodDto,
  InterestRatesDto,
  SaveInterestRatePeriodDto,
} from './dto/interest-rate-period.dto.js';
import { InterestRate } from './entities/interest-rate.entity.js';
import { InterestRatesService } from './interest-rates.service.js';

/**
 * The first year a late return can reach is the first a report may be for: the seeded periods start in 2013, so
 * 2000 to 2012 are uncovered and listed like any other year, rather than hidden below an arbitrary floor.
 */
const FIRST_YEAR = PERIOD_YEAR_RANGE.min;

const invalid = (field: string, message: string) =>
  new BadRequestException({ error: message, message, fields: { [field]: message } });

/** A real day from year 1 on: JavaScript reads year 0 (0000-01-01), which PostgreSQL refuses. */
const isCalendarDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '0001-01-01';
};

/**
 * The operator's view of IFTA's interest rates: every period, the years no period covers, and saving or removing
 * a period. Periods never overlap (a day has one rate); a year left uncovered keeps late returns flagged
 * "Annual rate missing" rather than guessed.
 */
@Injectable()
export class InterestRatePeriodsService {
  constructor(
    @InjectRepository(InterestRate) private readonly rates: Repository<InterestRate>,
    private readonly interest: InterestRatesService,
  ) {}

  async list(today: Date = new Date()): Promise<InterestRatesDto> {
    const rows = await this.rates.find({ order: { effectiveFrom: 'ASC' } });
    const periods = rows.map(toDto);
    const missing: number[] = [];
    for (let year = FIRST_YEAR; year <= today.getUTCFullYear(); year += 1) {
      if (!covers(periods, `${year}-01-01`, `${year}-12-31`)) missing.push(year);
    }
    return { periods, missing_years: missing };
  }

  /** Saves the period starting `from` (created or replaced); 400 naming the field for a bad date or an overlap. */
  async save(from: string, body: SaveInterestRatePeriodDto): Promise<InterestRatePeriodDto> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !isCalendarDate(from)) {
      throw invalid('effective_from', 'effective_from must be a date such as 2026-01-01');
    }
    if (!isCalendarDate(body.effective_to)) throw invalid('effective_to', 'effective_to must be a real calendar date');
    if (body.effective_to < from) throw invalid('effective_to', 'effective_to must be on or after effective_from');
    return this.rates.manager.transaction(async (manager) => {
      // One writer at a time, so two saves cannot both pass the overlap check.
      await manager.query(`LOCK TABLE interest_rates IN SHARE ROW EXCLUSIVE MODE`);
      const others = (await manager.find(InterestRate)).filter((row) => row.effectiveFrom !== from);
      const overlap = others.find((row) => row.effectiveFrom <= body.effective_to && row.effectiveTo >= from);
      if (overlap) {
        throw invalid(
          'effective_to',
          `The period ${from} – ${body.effective_to} overlaps ${overlap.effectiveFrom} – ${overlap.effectiveTo}: ` +
            'shorten that one first',
        );
      }
      const saved = await manager.save(
        manager.create(InterestRate, {
          effectiveFrom: from,
          effectiveTo: body.effective_to,
          annualRate: body.annual_rate.toFixed(4),
          source: body.source,
        }),
      );
      this.interest.forgetReportedGaps();
      return toDto(saved);
    });
  }

  async remove(from: string): Promise<void> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !isCalendarDate(from)) {
      throw invalid('effective_from', 'effective_from must be a date such as 2026-01-01');
    }
    const result = await this.rates.delete({ effectiveFrom: from });
    if (!result.affected)
      throw new NotFoundException({ error: 'No period starts on that day', message: 'No period starts on that day' });
  }
}

function toDto(row: InterestRate): InterestRatePeriodDto {
  return {
    effective_from: row.effectiveFrom,
    effective_to: row.effectiveTo,
    annual_rate: Number(row.annualRate).toFixed(4),
    source: row.source,
  };
}

/** Whether the periods cover every day from `from` to `to` (both 'YYYY-MM-DD'). */
function covers(periods: readonly InterestRatePeriodDto[], from: string, to: string): boolean {
  let next = from;
  for (const period of periods) {
    if (period.effective_from > next) return false;
    if (period.effective_to >= next) {
      if (period.effective_to >= to) return true;
      const day = new Date(`${period.effective_to}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1);
      next = day.toISOString().slice(0, 10);
    }
  }
  return false;
}
