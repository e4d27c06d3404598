import type { FuelType, RateKind } from '../fuel-types.js';

/** One row of a seeded rate matrix (its own file, so the data file and the seeder do not import each other). */
export interface SeedMatrixRate {
  code: string;
  name: string;
  country: 'USA' | 'Canada';
  fuel_type: FuelType;
  kind: RateKind;
  /** US dollars per gallon, 4 decimals (text, so PostgreSQL parses the exact decimal). */
  rate: string;
  /** The matrix's CAN$/litre figure, 4 decimals, when it prints one. */
  rate_cad_per_litre: string | null;
}
