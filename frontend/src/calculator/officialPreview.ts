import {
  calculateOfficialReturn,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  isFuelType,
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
  schedules: FuelSchedulePreview[];
  totals: OfficialTotals;
}

export const fuelTypeOf = (row: Pick<JurisdictionRow, 'fuelType'>): FuelType =>
  isFuelType(row.fuelType) ? row.fuelType : DEFAULT_FUEL_TYPE;

/**
 * The official return exactly as the server computes it (issue 12): the same `calculateOfficialReturn`, each line
 * resolved to the code the server resolves it to, with the rates in force for the report's quarter per fuel type
 * (a fuel whose rates have not arrived is absent, so its lines show their typed rate until they do).
 */
export function previewOfficial(
  rows: readonly JurisdictionRow[],
  accountRates: readonly AccountRate[],
  ratesByFuel: RatesByFuel,
  averageMpg: string,
): OfficialPreview {
  const directory = createJurisdictionDirectory(accountRates);
  const result = calculateOfficialReturn(
    rows.map((row) => {
      const found = directory.resolve(row.name);
      return {
        name: row.name,
        code: found?.abbreviation ?? row.name.trim().toUpperCase(),
        fuelType: fuelTypeOf(row),
        nonIfta: found?.nonIfta === true,
        totalMiles: row.totalMiles,
        taxableMiles: row.taxableMiles,
        gallonsPurchased: row.gallonsPurchased,
        nonTaxPaidGallons: row.nonTaxPaidGallons,
        taxRate: found?.nonIfta ? 0 : row.taxRate,
        surchargeRate: 0,
      };
    }),
    averageMpg,
    ratesByFuel,
  );
  return {
    lines: result.rows.map((row) => ({ ...row.official, rateSource: row.rateSource })),
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
