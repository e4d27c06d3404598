/**
 * The fuel types of IFTA, Inc.'s quarterly rate matrix (docs/ifta-domain.md "The rate matrix"), as the product names
 * them: one list for report lines, the rate table and the browser. The matrix's "Special Diesel" column is the
 * product's `diesel`, the fuel type every report line defaults to; the other names are the matrix's own.
 */
export const FUEL_TYPES = [
  'diesel',
  'gasoline',
  'gasohol',
  'propane',
  'lng',
  'cng',
  'ethanol',
  'methanol',
  'e85',
  'm85',
  'a55',
  'biodiesel',
  'electricity',
  'hydrogen',
  'hythane',
] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** Every report line has a fuel type; lines saved before fuel types existed are diesel. */
export const DEFAULT_FUEL_TYPE: FuelType = 'diesel';

export const isFuelType = (value: unknown): value is FuelType =>
  typeof value === 'string' && (FUEL_TYPES as readonly string[]).includes(value);
