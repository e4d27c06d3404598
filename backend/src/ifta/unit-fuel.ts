import { Decimal } from './decimal.js';
import { DEFAULT_FUEL_TYPE } from './fuel-types.js';

/** A unit's gallons of one fuel type in a quarter, as the records sum them. */
export interface UnitFuelGallons {
  unit: string;
  fuelType: string;
  gallons: number | string;
}

/** A unit whose purchases include a fuel other than the one that propels it. */
export interface UnitFuelMismatch {
  unit: string;
  /** The fuel type the unit runs on: its vehicle's, else the one it bought most of (by gallons) in the quarter. */
  fuelType: string;
  /** The other fuels it bought, with their gallons, most first. */
  otherFuels: Array<{ fuelType: string; gallons: string }>;
}

/**
 * Each unit's fuel type in a quarter: the fuel it bought most of, by gallons (ties go to diesel, then the fuel type's
 * name, so the answer never depends on row order). A vehicle's miles belong to the schedule of the fuel that propels
 * it (docs/ifta-domain.md "The computation"); a unit that bought no fuel has no entry and runs on diesel, the default.
 */
export function unitFuelTypes(rows: readonly UnitFuelGallons[]): Map<string, string> {
  return new Map(groupByUnit(rows).map(([unit, fuels]) => [unit, fuels[0].fuelType]));
}

/**
 * The units that bought a fuel other than their own, for the checks before filing. A unit's own fuel is the one
 * `ownFuel` names (its vehicle's, which the user may have chosen), else the one it bought most of.
 */
export function unitFuelMismatches(
  rows: readonly UnitFuelGallons[],
  ownFuel: (unit: string) => string | undefined = () => undefined,
): UnitFuelMismatch[] {
  return groupByUnit(rows).flatMap(([unit, fuels]) => {
    const fuelType = ownFuel(unit) ?? fuels[0].fuelType;
    const others = fuels.filter((fuel) => fuel.fuelType !== fuelType);
    if (others.length === 0) return [];
    return [
      {
        unit,
        fuelType,
        otherFuels: others.map((other) => ({ fuelType: other.fuelType, gallons: other.gallons.toFixed() })),
      },
    ];
  });
}

/** Units in order of name, each with its fuels summed and sorted: most gallons first, then diesel, then by name. */
function groupByUnit(rows: readonly UnitFuelGallons[]): Array<[string, Array<{ fuelType: string; gallons: Decimal }>]> {
  const byUnit = new Map<string, Map<string, Decimal>>();
  for (const row of rows) {
    const fuels = byUnit.get(row.unit) ?? new Map<string, Decimal>();
    fuels.set(row.fuelType, (fuels.get(row.fuelType) ?? new Decimal(0)).plus(row.gallons || 0));
    byUnit.set(row.unit, fuels);
  }
  return [...byUnit.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([unit, fuels]) => [
      unit,
      [...fuels.entries()]
        .map(([fuelType, gallons]) => ({ fuelType, gallons }))
        .sort(
          (a, b) =>
            b.gallons.comparedTo(a.gallons) ||
            Number(b.fuelType === DEFAULT_FUEL_TYPE) - Number(a.fuelType === DEFAULT_FUEL_TYPE) ||
            (a.fuelType < b.fuelType ? -1 : a.fuelType > b.fuelType ? 1 : 0),
        ),
    ]);
}
