import type { FuelReturn, MpgSource, ReturnRowInput } from '../ifta/index.js';

export type { RateSource } from '../ifta/index.js';

/** One fuel type's schedule of an official report, as stored (reports.schedules) and answered. */
export interface FuelSchedule {
  fuel_type: string;
  fleet_mpg: number;
  mpg: number;
  mpg_source: MpgSource;
  total_miles: number;
  total_gallons: number;
  taxable_miles: number;
  taxable_gallons: number;
  tax_paid_gallons: number;
  non_tax_paid_gallons: number;
  net_taxable_gallons: number;
  /** Tax without surcharges. */
  tax_due: number;
  surcharge_due: number;
  /** tax_due + surcharge_due. */
  total_due: number;
  /** The quarter whose rates priced this fuel's provisional lines, or null when none is provisional. */
  rates_provisional_from?: string | null;
}

export function toFuelSchedule<T extends ReturnRowInput>({
  fuelType,
  schedule,
  provisionalFrom,
}: FuelReturn<T>): FuelSchedule {
  const t = schedule.totals;
  return {
    fuel_type: fuelType,
    fleet_mpg: schedule.fleetMpg,
    mpg: schedule.mpg,
    mpg_source: schedule.mpgSource,
    total_miles: t.totalMiles,
    total_gallons: t.totalGallons,
    taxable_miles: t.taxableMiles,
    taxable_gallons: t.taxableGallons,
    tax_paid_gallons: t.taxPaidGallons,
    non_tax_paid_gallons: t.nonTaxPaidGallons,
    net_taxable_gallons: t.netTaxableGallons,
    tax_due: t.taxDue,
    surcharge_due: t.surchargeDue,
    total_due: t.totalDue,
    rates_provisional_from: provisionalFrom,
  };
}
