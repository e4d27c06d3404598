import {
  calculateOfficialSchedule,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  isFuelType,
  type AccountRate,
  type FuelType,
  type JurisdictionFuelRates,
  type MpgSource,
  type OfficialLine,
  type OfficialTotals,
} from '@ifta/index';
import type { RateSource } from '../reports/types';
import type { JurisdictionRow } from './types';

export type { RateSource };

/**
 * The rates in force for the report's quarter, per fuel type, folded per code (foldRatesInForce). A fuel type
 * missing from the map has no table loaded (yet, or none for that quarter): its lines use their own rate.
 */
export type FuelRateTables = ReadonlyMap<string, ReadonlyMap<string, JurisdictionFuelRates>>;

export interface OfficialLinePreview extends OfficialLine {
  code: string;
  fuelType: FuelType;
  rateSource: RateSource;
}

export interface FuelSchedulePreview {
  fuelType: FuelType;
  fleetMpg: number;
  mpg: number;
  mpgSource: MpgSource;
  totals: OfficialTotals;
  /** The positions (in the calculator's rows) of this fuel's lines. */
  positions: number[];
}

export interface OfficialPreview {
  lines: OfficialLinePreview[];
  schedules: FuelSchedulePreview[];
}

export const fuelTypeOf = (row: Pick<JurisdictionRow, 'fuelType'>): FuelType =>
  isFuelType(row.fuelType) ? row.fuelType : DEFAULT_FUEL_TYPE;

/**
 * The server's rule (docs/OFFICIAL-API.md): a line takes its base rate and surcharge from the rates in force for the
 * report's quarter and its fuel type when that table has a base rate for its code; otherwise it keeps the rate typed
 * on the line (and no surcharge).
 */
export function lineRates(
  code: string,
  fuelType: string,
  typedRate: number | string,
  tables: FuelRateTables,
): { rate: number | string; surchargeRate: number | string; source: RateSource } {
  const table = tables.get(fuelType)?.get(code.toUpperCase());
  if (table && table.rate !== undefined) {
    return { rate: table.rate, surchargeRate: table.surchargeRate, source: 'table' };
  }
  return { rate: typedRate, surchargeRate: 0, source: 'typed' };
}

/** The typed MPG a fuel's schedule uses: its own, else the report's Average MPG, else none (fleet MPG). */
export const typedMpgFor = (fuelType: string, averageMpg: string, fuelMpg: Readonly<Record<string, string>> = {}) =>
  (fuelMpg[fuelType] ?? '').trim() !== '' ? fuelMpg[fuelType] : averageMpg;

/**
 * The official return as the server computes it (issue 12): one schedule per fuel type, in the order the fuels first
 * appear, each from the shared module with its own fleet MPG; each line's rate from the quarter's table or typed.
 */
export function previewOfficial(
  rows: readonly JurisdictionRow[],
  accountRates: readonly AccountRate[],
  tables: FuelRateTables,
  averageMpg: string,
  fuelMpg: Readonly<Record<string, string>> = {},
): OfficialPreview {
  const directory = createJurisdictionDirectory(accountRates);
  const resolved = rows.map((row, position) => {
    const fuelType = fuelTypeOf(row);
    const code = directory.resolve(row.name)?.abbreviation ?? row.name.trim().toUpperCase();
    const rates = lineRates(code, fuelType, row.taxRate, tables);
    return { row, position, fuelType, code, rates };
  });
  const lines: OfficialLinePreview[] = new Array(rows.length);
  const schedules: FuelSchedulePreview[] = [];
  const fuels = [...new Set(resolved.map((line) => line.fuelType))];
  for (const fuelType of fuels) {
    const own = resolved.filter((line) => line.fuelType === fuelType);
    const schedule = calculateOfficialSchedule(
      own.map(({ row, rates }) => ({
        name: row.name,
        totalMiles: row.totalMiles,
        taxableMiles: row.taxableMiles,
        gallonsPurchased: row.gallonsPurchased,
        nonTaxPaidGallons: row.nonTaxPaidGallons,
        taxRate: rates.rate,
        surchargeRate: rates.surchargeRate,
      })),
      typedMpgFor(fuelType, averageMpg, fuelMpg),
    );
    schedule.rows.forEach(({ official }, index) => {
      const line = own[index];
      lines[line.position] = { ...official, code: line.code, fuelType, rateSource: line.rates.source };
    });
    schedules.push({
      fuelType,
      fleetMpg: schedule.fleetMpg,
      mpg: schedule.mpg,
      mpgSource: schedule.mpgSource,
      totals: schedule.totals,
      positions: own.map((line) => line.position),
    });
  }
  return { lines, schedules };
}
