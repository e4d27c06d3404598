import {
  calculateOfficialSchedule,
  calculateReport,
  type CalculationMode,
  type MpgSource,
  type ReportTotals,
} from '@ifta/index';
import type { JurisdictionRow } from './types';

/** One row's live figures, at the scale the saved report shows them. */
export interface LinePreview {
  gallonsConsumed: number;
  netGallons: number;
  taxDue: number;
  surchargeDue: number;
}

export interface ReportPreview {
  mode: CalculationMode;
  lines: LinePreview[];
  /** taxDue includes surcharges, as the saved report's total does. */
  totals: ReportTotals & { surchargeDue: number };
  /** Official mode: the MPG used and where it came from. */
  mpg?: { value: number; source: MpgSource; fleet: number };
}

/**
 * The calculator's live numbers from the same module and the same rules the server saves with (issue 12), in the
 * report's calculation mode, so the preview is the saved report.
 */
export function previewReport(
  mode: CalculationMode,
  rows: readonly JurisdictionRow[],
  averageMpg: string,
): ReportPreview {
  if (mode === 'official') {
    const schedule = calculateOfficialSchedule(
      rows.map((row) => ({
        name: row.name,
        totalMiles: row.totalMiles,
        taxableMiles: row.taxableMiles,
        gallonsPurchased: row.gallonsPurchased,
        nonTaxPaidGallons: row.nonTaxPaidGallons,
        taxRate: row.taxRate,
      })),
      averageMpg,
    );
    const t = schedule.totals;
    return {
      mode,
      lines: schedule.rows.map(({ official }) => ({
        gallonsConsumed: official.taxableGallons,
        netGallons: official.netTaxableGallons,
        taxDue: official.taxDue,
        surchargeDue: official.surchargeDue,
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
      mpg: { value: schedule.mpg, source: schedule.mpgSource, fleet: schedule.fleetMpg },
    };
  }
  const { rows: calculated, totals } = calculateReport(rows, averageMpg);
  return {
    mode,
    lines: calculated.map(({ stored }) => ({ ...stored, surchargeDue: 0 })),
    totals: { ...totals, surchargeDue: 0 },
  };
}
