import { addExactly, DEFAULT_FUEL_TYPE, decimalToNumber, toDecimal } from '@ifta/index';
import type { FuelScheduleFigures } from './FuelScheduleSummary';
import type { FuelSchedule, Report, ReportJurisdiction } from '../api/types';

export const lineFuel = (line: Pick<ReportJurisdiction, 'fuel_type'>): string => line.fuel_type ?? DEFAULT_FUEL_TYPE;

/**
 * A saved official report's schedules, one per fuel type: the server's `schedules`, or (a report answered before
 * they existed) its one schedule made from the report's totals.
 */
export function schedulesOf(report: Report): FuelSchedule[] {
  if (report.schedules && report.schedules.length > 0) return report.schedules;
  const t = report.totals;
  if (!t) return [];
  const surcharge = t.surcharge_due ?? 0;
  return [
    {
      fuel_type: report.jurisdictions[0] ? lineFuel(report.jurisdictions[0]) : DEFAULT_FUEL_TYPE,
      fleet_mpg: report.fleet_mpg ?? report.average_mpg,
      mpg: report.average_mpg,
      mpg_source: report.mpg_source ?? 'fleet',
      total_miles: t.total_miles,
      total_gallons: addExactly(t.gallons_purchased, t.non_tax_paid_gallons ?? 0),
      taxable_miles: t.taxable_miles,
      taxable_gallons: t.gallons_consumed,
      tax_paid_gallons: t.gallons_purchased,
      non_tax_paid_gallons: t.non_tax_paid_gallons ?? 0,
      net_taxable_gallons: t.net_gallons,
      tax_due: decimalToNumber(toDecimal(t.tax_due).minus(toDecimal(surcharge))),
      surcharge_due: surcharge,
      total_due: t.tax_due,
    },
  ];
}

export const figuresOf = (schedule: FuelSchedule): FuelScheduleFigures => ({
  fuelType: schedule.fuel_type,
  fleetMpg: schedule.fleet_mpg,
  mpg: schedule.mpg,
  mpgSource: schedule.mpg_source,
  totalMiles: schedule.total_miles,
  totalGallons: schedule.total_gallons,
  taxableGallons: schedule.taxable_gallons,
  taxPaidGallons: schedule.tax_paid_gallons,
  netTaxableGallons: schedule.net_taxable_gallons,
  taxDue: schedule.tax_due,
  surchargeDue: schedule.surcharge_due,
  totalDue: schedule.total_due,
});

/** The fuel types of a report's lines (or its schedules), in order, for chips in the list. */
export const fuelTypesOf = (report: Pick<Report, 'schedules'> & { jurisdictions?: ReportJurisdiction[] }) =>
  report.schedules && report.schedules.length > 0
    ? report.schedules.map((schedule) => schedule.fuel_type)
    : [...new Set((report.jurisdictions ?? []).map(lineFuel))];
