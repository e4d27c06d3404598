import { DEFAULT_FUEL_TYPE } from '../../ifta/fuel-types.js';
import { toDecimal } from '../../ifta/decimal.js';
import { unitFuelTypes } from '../../ifta/unit-fuel.js';
import type { ByVehicleReportDto, VehicleJurisdictionRowDto, VehicleTotalDto } from './dto/vehicle-reports.dto.js';
import type { UnitJurisdictionSums } from './vehicle-reports.repository.js';

type Decimal = ReturnType<typeof toDecimal>;

/** What the per-vehicle report is computed from: the quarter's sums as PostgreSQL's exact text, and the fuel types. */
export interface ByVehicleInput {
  /** The quarter's label, e.g. Q3-2026. */
  period: string;
  sums: UnitJurisdictionSums[];
  /** Per unit and fuel type, the gallons bought: a unit without a vehicle runs on what it bought most of. */
  bought: Array<{ unit: string; fuel_type: string; gallons: string }>;
  /** Each vehicle's fuel type, keyed by its unit in lower case. */
  vehicleFuel: Map<string, string>;
}

/** Runs `work` on each item: all at once, or in slices with the event loop let in between (on the main thread). */
export type EachRow = <T>(items: readonly T[], work: (item: T) => void) => void | Promise<void>;

const allAtOnce: EachRow = (items, work) => items.forEach(work);

/** Miles per gallon to 2 places, null without gallons (a unit that bought nothing has no MPG, not infinity). */
const mpgOf = (miles: Decimal, gallons: Decimal): number | null =>
  gallons.isZero() ? null : miles.dividedBy(gallons).toDecimalPlaces(2).toNumber();

/**
 * The per-vehicle report: per unit its exact totals and MPG, per unit and jurisdiction its miles and gallons. Pure,
 * so the screen's request (in slices, on the main thread) and the audit packet (on a file thread) share it.
 */
export async function byVehicleReport(input: ByVehicleInput, each: EachRow = allAtOnce): Promise<ByVehicleReportDto> {
  const { sums, bought, vehicleFuel } = input;
  // A unit runs on its vehicle's fuel; one without a vehicle on the fuel it bought most of, else diesel (as a
  // return built from the records reads it).
  const mostBought = unitFuelTypes(bought.map((b) => ({ unit: b.unit, fuelType: b.fuel_type, gallons: b.gallons })));
  const fuelOf = (u: string) => vehicleFuel.get(u.toLowerCase()) ?? mostBought.get(u) ?? DEFAULT_FUEL_TYPE;
  const totals = new Map<string, { miles: Decimal; taxable: Decimal; gallons: Decimal }>();
  await each(sums, (row) => {
    const total = totals.get(row.unit) ?? { miles: toDecimal(0), taxable: toDecimal(0), gallons: toDecimal(0) };
    totals.set(row.unit, {
      miles: total.miles.plus(row.miles),
      taxable: total.taxable.plus(row.taxable_miles),
      gallons: total.gallons.plus(row.gallons),
    });
  });
  const unitTotals: VehicleTotalDto[] = [...totals].map(([u, t]) => ({
    unit: u,
    fuel_type: fuelOf(u),
    miles: t.miles.toNumber(),
    taxable_miles: t.taxable.toNumber(),
    gallons: t.gallons.toNumber(),
    mpg: mpgOf(t.miles, t.gallons),
  }));
  const mpg = new Map(unitTotals.map((t) => [t.unit, t.mpg]));
  const rows: VehicleJurisdictionRowDto[] = [];
  await each(sums, (row) => {
    rows.push({
      unit: row.unit,
      fuel_type: fuelOf(row.unit),
      jurisdiction: row.jurisdiction,
      miles: toDecimal(row.miles).toNumber(),
      taxable_miles: toDecimal(row.taxable_miles).toNumber(),
      gallons: toDecimal(row.gallons).toNumber(),
      mpg: mpg.get(row.unit) ?? null,
    });
  });
  return { period: input.period, rows, totals: unitTotals };
}
