import {
  calculateOfficialReturn,
  Decimal,
  decimalToNumber,
  type RatesByFuel,
  type ReturnRowInput,
} from '../ifta/index.js';
import type { ComputedReport } from './report-queries.js';
import { toFuelSchedule } from './fuel-schedule.js';

type Header = Pick<
  ComputedReport['report'],
  'name' | 'company_name' | 'license_number' | 'tax_period' | 'period' | 'status' | 'calculation_mode'
>;
type FilingField = 'due_date' | 'filed_at' | 'penalty' | 'interest' | 'interest_rate_missing';
type OfficialComputed = { report: Omit<ComputedReport['report'], FilingField>; rows: ComputedReport['rows'] };

/**
 * An official report as stored (docs/ifta-domain.md): the lines with the rates they used and where those came
 * from, one schedule per fuel type, and the report's totals as the sums of the schedules. The report-level MPG of a
 * single-fuel return is its schedule's; of a several-fuel return, the fleet's total miles over total gallons.
 */
export function officialReport(
  header: Header,
  rows: Array<ReturnRowInput & { position: number; name: string; code: string }>,
  ratesByFuel: RatesByFuel,
): OfficialComputed {
  const result = calculateOfficialReturn(rows, ratesByFuel);
  const stored = result.rows.map((row) => ({
    position: row.position,
    name: row.name,
    code: row.code,
    fuel_type: row.fuelType,
    total_miles: row.official.totalMiles,
    taxable_miles: row.official.taxableMiles,
    gallons_purchased: row.official.taxPaidGallons,
    tax_rate: row.official.taxRate,
    gallons_consumed: row.official.taxableGallons,
    net_gallons: row.official.netTaxableGallons,
    tax_due: row.official.taxDue,
    non_tax_paid_gallons: row.official.nonTaxPaidGallons,
    surcharge_rate: row.official.surchargeRate,
    surcharge_due: row.official.surchargeDue,
    rate_source: row.rateSource,
    rate_from: row.rateFrom ?? null,
  }));
  const totals = result.totals;
  const single = result.fuels.length === 1 ? result.fuels[0].schedule : undefined;
  const fleet =
    totals.totalGallons === 0
      ? 0
      : decimalToNumber(new Decimal(totals.totalMiles).dividedBy(totals.totalGallons).toDecimalPlaces(2));
  return {
    rows: stored,
    report: {
      ...header,
      average_mpg: single ? single.mpg : fleet,
      mpg_source: single ? single.mpgSource : 'fleet',
      fleet_mpg: single ? single.fleetMpg : fleet,
      total_miles: totals.totalMiles,
      taxable_miles: totals.taxableMiles,
      gallons_purchased: totals.taxPaidGallons,
      gallons_consumed: totals.taxableGallons,
      net_gallons: totals.netTaxableGallons,
      tax_due: totals.totalDue,
      non_tax_paid_gallons: totals.nonTaxPaidGallons,
      surcharge_due: totals.surchargeDue,
      schedules: result.fuels.map(toFuelSchedule),
    },
  };
}
