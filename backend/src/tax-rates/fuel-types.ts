import { FUEL_TYPES, type FuelType } from '../ifta/fuel-types.js';

// The fuel-type list itself is the pure module's, shared with report lines and the browser.
export { DEFAULT_FUEL_TYPE, FUEL_TYPES, type FuelType, isFuelType } from '../ifta/fuel-types.js';

export const RATE_KINDS = ['base', 'surcharge'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** A matrix column header, any case and punctuation ("Special Diesel", "special_diesel", "E-85"), as a fuel type. */
export function fuelTypeOfColumn(header: string): FuelType | undefined {
  const key = header.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (key === 'specialdiesel' || key === 'diesel') return 'diesel';
  return FUEL_TYPES.find((fuel) => fuel === key);
}
