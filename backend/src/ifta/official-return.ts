import { isNoTaxDue } from './calculate.js';
import { Decimal, decimalToNumber, toDecimal } from './decimal.js';
import { parsePeriod, quarterLabel, quarterOfPeriod } from './filing-calendar.js';
import {
  calculateOfficialSchedule,
  type JurisdictionFuelRates,
  type OfficialLine,
  type OfficialRowInput,
  type OfficialSchedule,
  type OfficialTotals,
} from './official.js';

/** Where a line's rates came from: the account's rates in force for the quarter, or the figures typed on the line. */
export type RateSource = 'table' | 'typed';

/** A line of the return: its canonical code and fuel type besides what one schedule needs. */
export interface ReturnRowInput extends OfficialRowInput {
  code: string;
  fuelType: string;
}

export interface FuelReturn<T extends ReturnRowInput> {
  fuelType: string;
  schedule: OfficialSchedule<T & { rateSource: RateSource }>;
}

export interface OfficialReturn<T extends ReturnRowInput> {
  /** The lines in the order given, each with its official figures and rate source. */
  rows: Array<T & { rateSource: RateSource; official: OfficialLine }>;
  /** One schedule per fuel type, in the order the fuel types first appear. */
  fuels: Array<FuelReturn<T>>;
  /** The sums of the schedules' totals: what the return pays. */
  totals: OfficialTotals;
}

/** Rates in force by fuel type, each by jurisdiction code (foldRatesInForce's output per fuel type). */
export type RatesByFuel = ReadonlyMap<string, ReadonlyMap<string, JurisdictionFuelRates>>;

/**
 * The quarterly return of several fuel types (issue 12): a line takes the base and surcharge rate in force for its
 * jurisdiction, fuel type and the report's quarter when the account's table has them ('table'), and keeps its typed
 * rates otherwise ('typed': a quarter with no matrix, a custom jurisdiction). Each fuel type is its own schedule with
 * its own fleet MPG (docs/ifta-domain.md "The computation"). A typed MPG overrides the fleet MPG only on a single-fuel
 * return: one MPG for two fuels would be neither fleet's figure.
 */
export function calculateOfficialReturn<T extends ReturnRowInput>(
  rows: readonly T[],
  typedMpg: unknown,
  ratesByFuel: RatesByFuel,
): OfficialReturn<T> {
  const rated = rows.map((row) => {
    const table = ratesByFuel.get(row.fuelType)?.get(row.code.toUpperCase());
    return table
      ? { ...row, taxRate: table.rate, surchargeRate: table.surchargeRate, rateSource: 'table' as const }
      : { ...row, rateSource: 'typed' as const };
  });
  const fuelTypes = [...new Set(rated.map((row) => row.fuelType))];
  const mpg = fuelTypes.length === 1 ? typedMpg : 0;
  const out: Array<T & { rateSource: RateSource; official: OfficialLine }> = new Array(rated.length);
  const fuels = fuelTypes.map((fuelType) => {
    // The schedule answers its rows in the order given, so the k-th of a fuel is that fuel's k-th input line.
    const positions = rated.flatMap((row, index) => (row.fuelType === fuelType ? [index] : []));
    const schedule = calculateOfficialSchedule(
      positions.map((index) => rated[index]),
      mpg,
    );
    schedule.rows.forEach((row, k) => (out[positions[k]] = row));
    return { fuelType, schedule };
  });
  return { rows: out, fuels, totals: sumTotals(fuels.map((fuel) => fuel.schedule.totals)) };
}

const NUMERIC_TOTALS = [
  'totalMiles',
  'totalGallons',
  'taxableMiles',
  'taxableGallons',
  'taxPaidGallons',
  'nonTaxPaidGallons',
  'netTaxableGallons',
  'taxDue',
  'surchargeDue',
  'totalDue',
] as const;

function sumTotals(all: OfficialTotals[]): OfficialTotals {
  const sums = Object.fromEntries(
    NUMERIC_TOTALS.map((key) => [
      key,
      decimalToNumber(all.reduce((sum, totals) => sum.plus(toDecimal(totals[key])), new Decimal(0))),
    ]),
  ) as Record<(typeof NUMERIC_TOTALS)[number], number>;
  return { ...sums, isNoTaxDue: isNoTaxDue(sums.totalDue) };
}

/** The quarter whose rates a period uses: itself, or the quarter that holds a month; none for anything else. */
export function ratesQuarterOf(period: string): string | undefined {
  const parsed = parsePeriod(period);
  if (!parsed) return undefined;
  const { year, quarter } = quarterOfPeriod(parsed);
  return quarterLabel(year, quarter);
}
