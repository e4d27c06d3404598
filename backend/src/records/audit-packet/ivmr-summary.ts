import type { ByVehicleReportDto } from '../reports/dto/vehicle-reports.dto.js';

/** One unit's quarter in one jurisdiction, as the packet's mileage summary lists it. */
export interface IvmrJurisdiction {
  jurisdiction: string;
  trips: number;
  miles: number;
  taxable_miles: number;
  gallons: number;
}

/** One unit's quarter: its vehicle, trips, miles by jurisdiction, totals and MPG. */
export interface IvmrUnit {
  unit: string;
  vin: string | null;
  fuel_type: string;
  trips: number;
  miles: number;
  taxable_miles: number;
  gallons: number;
  mpg: number | null;
  jurisdictions: IvmrJurisdiction[];
}

/** A quarter's individual vehicle mileage records summed per unit: what the packet's summary PDF and CSV hold. */
export interface IvmrSummary {
  period: string;
  units: IvmrUnit[];
}

export const IVMR_CSV_HEADER = [
  'Unit',
  'VIN',
  'Fuel type',
  'Jurisdiction',
  'Trips',
  'Miles',
  'Taxable miles',
  'Gallons',
  'MPG',
] as const;
/** The jurisdiction cell of a unit's totals line (as the per-vehicle export writes it). */
export const IVMR_TOTAL = 'Total';

/**
 * The per-vehicle report (its exact sums and MPG) joined with each unit's trip counts and VIN. A trip counts once
 * in each jurisdiction it ran through and once in its unit's total.
 */
export function ivmrSummary(
  report: ByVehicleReportDto,
  trips: ReadonlyArray<{ unit: string; jurisdiction: string | null; trips: string }>,
  vins: ReadonlyMap<string, string>,
): IvmrSummary {
  const tripsOf = new Map(trips.map((t) => [`${t.unit}\u0000${t.jurisdiction ?? ''}`, Number(t.trips)]));
  const count = (unit: string, jurisdiction: string | null) => tripsOf.get(`${unit}\u0000${jurisdiction ?? ''}`) ?? 0;
  const rowsOf = new Map<string, ByVehicleReportDto['rows']>();
  for (const row of report.rows) {
    const rows = rowsOf.get(row.unit);
    if (rows) rows.push(row);
    else rowsOf.set(row.unit, [row]);
  }
  return {
    period: report.period,
    units: report.totals.map((total) => ({
      unit: total.unit,
      vin: vins.get(total.unit.toLowerCase()) ?? null,
      fuel_type: total.fuel_type,
      trips: count(total.unit, null),
      miles: total.miles,
      taxable_miles: total.taxable_miles,
      gallons: total.gallons,
      mpg: total.mpg,
      jurisdictions: (rowsOf.get(total.unit) ?? []).map((row) => ({
        jurisdiction: row.jurisdiction,
        trips: count(row.unit, row.jurisdiction),
        miles: row.miles,
        taxable_miles: row.taxable_miles,
        gallons: row.gallons,
      })),
    })),
  };
}

/** The summary as CSV lines: each unit's jurisdictions, then its totals line with its trips and MPG. */
export function ivmrCsvLines(summary: IvmrSummary): Array<Array<string | number>> {
  const lines: Array<Array<string | number>> = [[...IVMR_CSV_HEADER]];
  for (const u of summary.units) {
    const vin = u.vin ?? '';
    for (const j of u.jurisdictions) {
      lines.push([u.unit, vin, u.fuel_type, j.jurisdiction, j.trips, j.miles, j.taxable_miles, j.gallons, '']);
    }
    lines.push([u.unit, vin, u.fuel_type, IVMR_TOTAL, u.trips, u.miles, u.taxable_miles, u.gallons, u.mpg ?? '']);
  }
  return lines;
}
