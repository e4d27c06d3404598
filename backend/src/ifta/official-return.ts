import { isNonIftaLine, isNoTaxDue } from './calculate.js';
import { Decimal, decimalToNumber, toDecimal } from './decimal.js';
import { parsePeriod, quarterLabel, quarterOfPeriod } from './filing-calendar.js';
import {
  calculateOfficialSchedule,
  type JurisdictionFuelRates,
  type OfficialLine,
  ratePeriodOn,
  type OfficialRowInput,
  type OfficialSchedule,
  type OfficialTotals,
} from './official.js';

/**
 * Where a line's rates came from: the quarter's own table ('official', or 'override' where the account changed the
 * rate), the figures typed on the line ('typed'), or, when the quarter has no rate for the jurisdiction and none
 * was typed, the newest quarter's ('provisional').
 */
export type RateSource = 'official' | 'override' | 'provisional' | 'typed';

/** A line that no source gives a rate: the report is refused rather than stored at $0. */
export interface MissingRate {
  position: number;
  code: string;
  fuelType: string;
}

/** A line of the return: its canonical code and fuel type besides what one schedule needs. */
export interface ReturnRowInput extends OfficialRowInput {
  code: string;
  fuelType: string;
  /** The first day of the rate period the line reports, when its jurisdiction's rate changes inside the quarter. */
  rateFrom?: string | null;
}

export interface FuelReturn<T extends ReturnRowInput> {
  fuelType: string;
  schedule: OfficialSchedule<T & { rateSource: RateSource }>;
  /** The quarter whose rates this fuel's provisional lines used (the newest when several), else null. */
  provisionalFrom: string | null;
}

export interface OfficialReturn<T extends ReturnRowInput> {
  /** The lines in the order given, each with its official figures and rate source. */
  rows: Array<T & { rateSource: RateSource; official: OfficialLine }>;
  /** One schedule per fuel type, in the order the fuel types first appear. */
  fuels: Array<FuelReturn<T>>;
  /** The quarter whose rates the provisional lines used (the newest when several), or null when none is provisional. */
  provisionalFrom: string | null;
  /** The sums of the schedules' totals: what the return pays. */
  totals: OfficialTotals;
}

/** Rates in force by fuel type, each by jurisdiction code (foldRatesInForce's output per fuel type). */
export type RatesByFuel = ReadonlyMap<string, ReadonlyMap<string, JurisdictionFuelRates>>;

const isTyped = (row: OfficialRowInput) =>
  toDecimal(row.taxRate).greaterThan(0) || toDecimal(row.surchargeRate).greaterThan(0);

/**
 * Lines with no rate from any source: not the quarter's own, not typed (a positive base or surcharge rate) and not
 * provisional. Non-IFTA lines owe nothing and Oregon's rate is 0 by rule, so neither needs one.
 */
export function missingRates(
  rows: ReadonlyArray<ReturnRowInput & { position: number }>,
  ratesByFuel: RatesByFuel,
): MissingRate[] {
  return rows
    .filter(
      (row) =>
        !isNonIftaLine(row) &&
        row.code.toUpperCase() !== 'OR' &&
        !ratesByFuel.get(row.fuelType)?.has(row.code.toUpperCase()) &&
        !isTyped(row),
    )
    .map((row) => ({ position: row.position, code: row.code.toUpperCase(), fuelType: row.fuelType }));
}

/**
 * The quarterly return of several fuel types: a line takes the base and surcharge rate in force for its
 * jurisdiction, fuel type and the report's quarter when the account's table has them ('official'); else the rates
 * typed on it, when it has any ('typed'); else the newest quarter's table rates, surcharge included, marked
 * 'provisional'. Each fuel type is its own schedule with its own fleet MPG (docs/ifta-domain.md "The computation"):
 * a typed MPG belongs to the worksheet, never to the return.
 */
export function calculateOfficialReturn<T extends ReturnRowInput>(
  rows: readonly T[],
  ratesByFuel: RatesByFuel,
): OfficialReturn<T> {
  const rated = rows.map((row) => {
    const table = ratesByFuel.get(row.fuelType)?.get(row.code.toUpperCase());
    const source = table?.source ?? 'official';
    if (table && (source !== 'provisional' || !isTyped(row))) {
      const period = ratePeriodOn(table, row.rateFrom);
      return {
        ...row,
        taxRate: period ? period.rate : table.rate,
        surchargeRate: period ? period.surchargeRate : table.surchargeRate,
        rateSource: source,
        ratesFrom: source === 'provisional' ? (table.from ?? null) : null,
      };
    }
    return { ...row, rateSource: 'typed' as const, ratesFrom: null };
  });
  const fuelTypes = [...new Set(rated.map((row) => row.fuelType))];
  const out: Array<T & { rateSource: RateSource; official: OfficialLine }> = new Array(rated.length);
  const fuels = fuelTypes.map((fuelType) => {
    // The schedule answers its rows in the order given, so the k-th of a fuel is that fuel's k-th input line.
    const positions = rated.flatMap((row, index) => (row.fuelType === fuelType ? [index] : []));
    const schedule = calculateOfficialSchedule(positions.map((index) => rated[index]));
    schedule.rows.forEach((row, k) => (out[positions[k]] = row));
    return { fuelType, schedule, provisionalFrom: newestQuarter(positions.map((index) => rated[index].ratesFrom)) };
  });
  return {
    rows: out,
    fuels,
    provisionalFrom: newestQuarter(fuels.map((fuel) => fuel.provisionalFrom)),
    totals: sumTotals(fuels.map((fuel) => fuel.schedule.totals)),
  };
}

/** The latest of some quarter labels ('Q3-2026' after 'Q4-2025'), or null when there are none. */
export function newestQuarter(labels: ReadonlyArray<string | null | undefined>): string | null {
  const key = (label: string) => label.slice(3) + label[1];
  return labels.reduce<string | null>(
    (newest, label) => (label && (newest === null || key(label) > key(newest)) ? label : newest),
    null,
  );
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
