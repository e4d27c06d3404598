import {
  calculateOfficialReturn,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  isFuelType,
  linePeriods,
  missingRates,
  ratePeriodSplits,
  type RatePeriodSplit,
  type AccountRate,
  type FuelType,
  type MpgSource,
  type OfficialLine,
  type OfficialTotals,
  type RatesByFuel,
  type RateSource,
} from '@ifta/index';
import type { JurisdictionRow } from './types';

export type { RateSource };

interface OfficialLinePreview extends OfficialLine {
  rateSource: RateSource;
  /** No source prices the line (the quarter's table, a typed rate, the newest quarter's): the server refuses it. */
  rateMissing: boolean;
  /** The days the line reports where its jurisdiction is split into rate periods ('YYYY-MM-DD'), else null. */
  period: { from: string; to: string } | null;
}

export interface FuelSchedulePreview {
  fuelType: string;
  fleetMpg: number;
  mpg: number;
  mpgSource: MpgSource;
  totals: OfficialTotals;
}

export interface OfficialPreview {
  lines: OfficialLinePreview[];
  /** The quarter whose rates priced the provisional lines, or null when none is provisional. */
  provisionalFrom: string | null;
  /**
   * Lines whose jurisdiction's rate changes inside the report's days and that do not say which period they report:
   * the server refuses them (422) until there is a line per rate period, which the calculator offers to add.
   */
  splits: RatePeriodSplit[];
  schedules: FuelSchedulePreview[];
  totals: OfficialTotals;
}

/** The rate an official return may take from the line: only one typed on it, never the table's filled-in figure. */
export const officialTypedRate = (row: Pick<JurisdictionRow, 'taxRate' | 'rateTyped'>): number =>
  row.rateTyped ? row.taxRate : 0;

/** The surcharge rate typed with a typed rate (0 otherwise: surcharges come from the rate tables). */
export const officialTypedSurcharge = (row: Pick<JurisdictionRow, 'surchargeRate' | 'rateTyped'>): number =>
  row.rateTyped ? (row.surchargeRate ?? 0) : 0;

export const fuelTypeOf = (row: Pick<JurisdictionRow, 'fuelType'>): FuelType =>
  isFuelType(row.fuelType) ? row.fuelType : DEFAULT_FUEL_TYPE;

/**
 * The official return exactly as the server computes it: the same `calculateOfficialReturn`, each line resolved to
 * the code the server resolves it to, with the rates for the report's quarter per fuel type (its own, or the newest
 * quarter's, provisional). The rate a line shows was filled from the account's current table, not typed, so it is
 * offered to the computation only when the line was saved with a typed rate (`rateTyped`), as the save sends it.
 */
export function previewOfficial(
  rows: readonly JurisdictionRow[],
  accountRates: readonly AccountRate[],
  ratesByFuel: RatesByFuel,
  /** The report's period ('Q4-2017', or a month): the days its rate periods are read within. */
  period = '',
): OfficialPreview {
  const directory = createJurisdictionDirectory(accountRates);
  const inputs = rows.map((row, position) => {
    const found = directory.resolve(row.name);
    return {
      position,
      name: row.name,
      code: found?.abbreviation ?? row.name.trim().toUpperCase(),
      fuelType: fuelTypeOf(row),
      nonIfta: found?.nonIfta === true,
      totalMiles: row.totalMiles,
      taxableMiles: row.taxableMiles,
      gallonsPurchased: row.gallonsPurchased,
      nonTaxPaidGallons: row.nonTaxPaidGallons,
      taxRate: found?.nonIfta ? 0 : officialTypedRate(row),
      surchargeRate: found?.nonIfta ? 0 : officialTypedSurcharge(row),
      rateFrom: row.rateFrom ?? null,
    };
  });
  const periods = linePeriods(inputs, period);
  const result = calculateOfficialReturn(inputs, ratesByFuel);
  const missing = new Set(missingRates(inputs, ratesByFuel).map((line) => line.position));
  return {
    lines: result.rows.map((row) => ({
      ...row.official,
      rateSource: row.rateSource,
      rateMissing: missing.has(row.position) && row.name.trim() !== '',
      period: periods[row.position],
    })),
    provisionalFrom: result.provisionalFrom,
    splits: ratePeriodSplits(inputs, ratesByFuel, period),
    schedules: result.fuels.map(({ fuelType, schedule }) => ({
      fuelType,
      fleetMpg: schedule.fleetMpg,
      mpg: schedule.mpg,
      mpgSource: schedule.mpgSource,
      totals: schedule.totals,
    })),
    totals: result.totals,
  };
}
