import { BadRequestException, Injectable } from '@nestjs/common';
import { quarterOfDate } from '../ifta/index.js';
import { FUEL_TYPES, isFuelType } from './fuel-types.js';
import { parseQuarter, QUARTER_MESSAGE } from './quarter.js';
import { type RateInForce, TaxRateHistoryRepository } from './tax-rate-history.repository.js';
import { TaxRatesRepository } from './tax-rates.repository.js';

export type { RateInForce } from './tax-rate-history.repository.js';

/**
 * What other features (reports, the calculator) may ask of an account's rate table (docs/style.md: a feature's tables
 * are read through the small service its module exports).
 *
 * The quarterly rule: IFTA, Inc. publishes the rates quarter by quarter, so a rate applies from its effective date
 * until the next rate of the same jurisdiction, fuel type and kind, and never beyond the end of its own quarter.
 * The rates in force for a quarter are therefore the account's active rates whose effective date falls in it:
 * usually one per jurisdiction and kind, dated the quarter's first day; two for one jurisdiction and kind mean a
 * mid-quarter change (each applies from its own date to the day before the next). A quarter for which no matrix
 * was imported and no rate entered has none: an empty list, never the rates of another quarter.
 */
@Injectable()
export class AccountTaxRates {
  constructor(
    private readonly history: TaxRateHistoryRepository,
    private readonly table: TaxRatesRepository,
  ) {}

  /** The account's own table as the spec shows it: each jurisdiction's current diesel base rate, name and state. */
  async currentRates(
    accountId: string,
  ): Promise<Array<{ name: string; abbreviation: string; rate: string; is_active: boolean }>> {
    // The spec's table list's own statement (TaxRatesRepository.listAll), so the two never disagree.
    return (await this.table.listAll(accountId)).map(({ name, abbreviation, rate, is_active }) => ({
      name,
      abbreviation,
      rate,
      is_active,
    }));
  }

  /** The rates in force for `period` ('Q2-2026') and fuel type ('diesel', …), by code, kind and effective date. */
  async ratesInForce(accountId: string, period: string, fuelType: string): Promise<RateInForce[]> {
    const quarter = parseQuarter(period);
    if (!quarter) throw invalid('period', `period ${QUARTER_MESSAGE}`);
    if (!isFuelType(fuelType)) throw invalid('fuel_type', `fuel_type must be one of ${FUEL_TYPES.join(', ')}`);
    return this.history.inForce(accountId, quarter, fuelType);
  }

  /**
   * The rates a return for `period` uses: the quarter's own ('official'), and, for a quarter IFTA has not published
   * yet, for each jurisdiction the quarter has none for, the newest earlier quarter's ('provisional'), named by
   * `provisionalFrom`. A quarter is priced before its matrix is out, never at $0, and every screen can say the figures
   * are provisional; a quarter already published is never priced with another quarter's rates.
   */
  async ratesToApply(
    accountId: string,
    period: string,
    fuelType: string,
  ): Promise<{ official: RateInForce[]; provisional: RateInForce[]; provisionalFrom: string | null }> {
    const quarter = parseQuarter(period);
    if (!quarter) throw invalid('period', `period ${QUARTER_MESSAGE}`);
    if (!isFuelType(fuelType)) throw invalid('fuel_type', `fuel_type must be one of ${FUEL_TYPES.join(', ')}`);
    const { own: official, provisional } = await this.history.toApply(accountId, quarter, fuelType);
    const newest = provisional.reduce<string | null>(
      (latest, rate) => (latest === null || rate.effective_from > latest ? rate.effective_from : latest),
      null,
    );
    return { official, provisional, provisionalFrom: newest === null ? null : quarterOfDate(newest) };
  }

  /** Whether `period` is a quarter IFTA has published whose matrix was never loaded: its rates are to be loaded. */
  async matrixNotLoaded(period: string): Promise<boolean> {
    const quarter = parseQuarter(period);
    return quarter ? this.history.matrixNotLoaded(quarter) : false;
  }
}

const invalid = (field: string, message: string) =>
  new BadRequestException({ error: message, message, fields: { [field]: message } });
