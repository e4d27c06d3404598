import {
  calculateReport,
  type AccountRate,
  type CalculationMode,
  type MpgSource,
  type RatePeriodSplit,
  type RatesByFuel,
  type ReportTotals,
} from '@ifta/index';
import { previewOfficial, type FuelSchedulePreview, type RateSource } from './officialPreview';
import type { JurisdictionRow } from './types';

/** One row's live figures, at the scale the saved report shows them. */
export interface LinePreview {
  gallonsConsumed: number;
  netGallons: number;
  taxDue: number;
  surchargeDue: number;
  /** Official mode: the rates the line is computed with and where they came from. */
  taxRate?: number;
  surchargeRate?: number;
  rateSource?: RateSource;
  /** A provisional line: the quarter whose rates it uses. */
  provisionalFrom?: string | null;
  /** Official mode: no source has a rate for the line, so saving is refused until one exists. */
  rateMissing?: boolean;
  /** Official mode, a line of a jurisdiction split into rate periods: the first and last day it reports. */
  periodFrom?: string;
  periodTo?: string;
}

export interface ReportPreview {
  mode: CalculationMode;
  lines: LinePreview[];
  /** taxDue includes surcharges, as the saved report's total does. */
  totals: ReportTotals & { surchargeDue: number };
  /** Official mode with one fuel type: the MPG used and where it came from. */
  mpg?: { value: number; source: MpgSource; fleet: number };
  /** Official mode: one schedule per fuel type. */
  schedules?: FuelSchedulePreview[];
  /** Official mode: lines that must be split into rate periods, or name theirs, before the server takes them. */
  splits?: RatePeriodSplit[];
}

/** What the official preview needs beyond the rows: the account's rates (codes) and the quarter's rates per fuel. */
export interface OfficialContext {
  accountRates: readonly AccountRate[];
  ratesByFuel: RatesByFuel;
}

/**
 * The calculator's live numbers from the same module and the same rules the server saves with, in the
 * report's calculation mode, so the preview is the saved report.
 */
export function previewReport(
  mode: CalculationMode,
  rows: readonly JurisdictionRow[],
  averageMpg: string,
  context: OfficialContext = { accountRates: [], ratesByFuel: new Map() },
  /** The report's period, for the rate periods inside it. */
  period = '',
): ReportPreview {
  if (mode === 'official') {
    const {
      lines,
      schedules,
      provisionalFrom,
      splits,
      totals: t,
    } = previewOfficial(rows, context.accountRates, context.ratesByFuel, period);
    const only = schedules.length === 1 ? schedules[0] : undefined;
    return {
      mode,
      lines: lines.map((line) => ({
        gallonsConsumed: line.taxableGallons,
        netGallons: line.netTaxableGallons,
        taxDue: line.taxDue,
        surchargeDue: line.surchargeDue,
        taxRate: line.taxRate,
        surchargeRate: line.surchargeRate,
        rateSource: line.rateSource,
        provisionalFrom: line.rateSource === 'provisional' ? provisionalFrom : null,
        rateMissing: line.rateMissing,
        ...(line.period ? { periodFrom: line.period.from, periodTo: line.period.to } : {}),
      })),
      totals: {
        totalMiles: t.totalMiles,
        taxableMiles: t.taxableMiles,
        gallonsPurchased: t.taxPaidGallons,
        gallonsConsumed: t.taxableGallons,
        netGallons: t.netTaxableGallons,
        taxDue: t.totalDue,
        surchargeDue: t.surchargeDue,
        isNoTaxDue: t.isNoTaxDue,
      },
      mpg: only ? { value: only.mpg, source: only.mpgSource, fleet: only.fleetMpg } : undefined,
      schedules,
      splits,
    };
  }
  const { rows: calculated, totals } = calculateReport(rows, averageMpg);
  return {
    mode,
    lines: calculated.map(({ stored }) => ({ ...stored, surchargeDue: 0 })),
    totals: { ...totals, surchargeDue: 0 },
  };
}
