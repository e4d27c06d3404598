import { addExactly } from '../ifta/index.js';

/** A report line as the checks read it, after rounding to the stored scale. */
interface CheckedLine {
  position: number;
  fuelType: string;
  totalMiles: number;
  taxableMiles: number;
  gallonsPurchased: number;
  nonTaxPaidGallons: number;
}

/** Something the saved report says that is allowed but probably not meant. */
export interface ReportWarning {
  field: string;
  message: string;
}

/**
 * Lines whose taxable miles exceed their total miles, as 400 fields (`jurisdictions.3.taxable_miles`): a return can
 * tax no more miles than were driven. A worksheet line that leaves total miles out (the specification requires only
 * taxable miles and gallons) is not checked; an official line always is, its total miles make the fleet MPG.
 */
export function taxableBeyondTotal(lines: readonly CheckedLine[], official: boolean): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of lines) {
    if (!official && !(line.totalMiles > 0)) continue;
    if (line.taxableMiles > line.totalMiles) {
      fields[`jurisdictions.${line.position}.taxable_miles`] =
        `jurisdictions.${line.position}.taxable_miles (${line.taxableMiles}) cannot exceed its total_miles ` +
        `(${line.totalMiles})`;
    }
  }
  return fields;
}

/**
 * Official mode: a fuel type whose lines have miles but no gallons at all (tax-paid or not) has no fleet MPG, so its
 * miles come to $0. Saved as sent, with a warning on each of its lines with miles: the fuel bought is probably
 * missing from the return.
 */
export function milesWithoutFuel(lines: readonly CheckedLine[]): ReportWarning[] {
  const gallonsByFuel = new Map<string, number>();
  for (const line of lines) {
    const bought = addExactly(line.gallonsPurchased, line.nonTaxPaidGallons);
    gallonsByFuel.set(line.fuelType, addExactly(gallonsByFuel.get(line.fuelType) ?? 0, bought));
  }
  return lines
    .filter((line) => line.totalMiles > 0 && line.gallonsPurchased === 0 && line.nonTaxPaidGallons === 0)
    .filter((line) => gallonsByFuel.get(line.fuelType) === 0)
    .map((line) => ({
      field: `jurisdictions.${line.position}`,
      message:
        `jurisdictions.${line.position} has ${line.totalMiles} miles of ${line.fuelType} but the fleet bought no ` +
        `${line.fuelType} this period: with no fleet MPG these miles owe $0; add the ${line.fuelType} bought`,
    }));
}
