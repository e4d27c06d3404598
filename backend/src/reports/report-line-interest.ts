import { Decimal, type InterestRates, lateInterest } from '../ifta/index.js';
import type { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import type { Report } from './entities/report.entity.js';

/**
 * Each line's share of a late return's interest, for documents that print interest per line. Interest is owed per
 * jurisdiction on its tax plus surcharge netted over fuel types (late-filing.ts), each rounded to the cent; a
 * jurisdiction's interest is put on its line that owes the most, so the lines add up to the return's interest.
 * Zero everywhere for a draft, a return filed on time, or one whose interest rate is missing.
 */
export function reportLineInterest(report: Report, rows: ReportJurisdiction[], annualRates: InterestRates): number[] {
  const shares = rows.map(() => 0);
  if (report.status !== 'final' || report.interest === null || !report.dueDate || !report.filedAt) return shares;
  const byCode = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const code = (row.code || row.name).trim().toUpperCase();
    byCode.set(code, [...(byCode.get(code) ?? []), index]);
  });
  const owed = (index: number) => rows[index].taxDue + rows[index].surchargeDue;
  // An amended return's interest is on each jurisdiction's addition only (return-billing.ts).
  const added = new Map<string, Decimal>();
  for (const line of report.amendmentDifference?.jurisdictions ?? []) {
    added.set(line.code, (added.get(line.code) ?? new Decimal(0)).plus(new Decimal(line.total_due)));
  }
  for (const [code, indexes] of byCode) {
    const amount = report.amendmentDifference
      ? (added.get(code) ?? new Decimal(0)).toFixed(2)
      : (indexes.reduce((sum, index) => sum + Math.round(owed(index) * 100), 0) / 100).toFixed(2);
    const { interest } = lateInterest(report.dueDate, report.filedAt, [amount], annualRates);
    if (interest === null || Number(interest) === 0) continue;
    const largest = indexes.reduce((best, index) => (owed(index) > owed(best) ? index : best), indexes[0]);
    shares[largest] = Number(interest);
  }
  return shares;
}
