import { addExactly, roundTo } from '@ifta/index';
import type { Report } from '../api/types';

/** One line of "Changes from the return it amends": tax plus surcharge due before, after, and the difference. */
export interface ChangeRow {
  key: string;
  code: string;
  fuelType: string;
  original: number;
  amended: number;
  difference: number;
}

type Amendment = Pick<Report, 'difference' | 'jurisdictions'>;

/**
 * The amendment's changes per jurisdiction and fuel type and in total, from the server's `difference`: the amended
 * figure is what the amendment's own lines owe (tax plus surcharge), the original that less the difference, so the
 * three always foot. A jurisdiction the amendment dropped owes nothing now and shows what it owed before. Null for a
 * report that amends nothing.
 */
export const amendmentChanges = (report: Amendment): { rows: ChangeRow[]; total: ChangeRow } | null => {
  const difference = report.difference;
  if (!difference) return null;
  const owed = new Map<string, number>();
  for (const line of report.jurisdictions) {
    const key = `${line.code}|${line.fuel_type}`;
    const due = addExactly(line.tax_due, line.surcharge_due ?? 0);
    owed.set(key, addExactly(owed.get(key) ?? 0, due));
  }
  const rows = difference.jurisdictions.map((line) => {
    const key = `${line.code}|${line.fuel_type}`;
    const amended = roundTo(owed.get(key) ?? 0, 2);
    return {
      key,
      code: line.code,
      fuelType: line.fuel_type,
      original: roundTo(amended - line.total_due, 2),
      amended,
      difference: roundTo(line.total_due, 2),
    };
  });
  const original = roundTo(difference.previous_total_due, 2);
  const change = roundTo(difference.totals.total_due, 2);
  return {
    rows,
    total: {
      key: 'total',
      code: '',
      fuelType: '',
      original,
      amended: roundTo(original + change, 2),
      difference: change,
    },
  };
};

/** A difference as a change: "+$3.20", "−$1.05", or "$0.00" when nothing changed. */
export const formatChange = (value: number, money: (value: number) => string): string =>
  value > 0 ? `+${money(value)}` : value < 0 ? `−${money(-value)}` : money(0);
