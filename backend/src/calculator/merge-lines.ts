import { addExactly, type ImportedRow, type JurisdictionDirectory } from '../ifta/index.js';
import type { EntryInput } from '../calculation-sessions/imported-entry.js';

/**
 * One line per jurisdiction: imported rows naming the same jurisdiction, by code or by name ("TX",
 * "Texas"), become one line whose miles and gallons are their exact sums, in the order each first appears. Every
 * row's jurisdiction is known (the parser refused the file otherwise).
 */
export function mergeByJurisdiction(rows: readonly ImportedRow[], directory: JurisdictionDirectory): EntryInput[] {
  const byCode = new Map<string, EntryInput>();
  for (const row of rows) {
    const jurisdiction = directory.resolve(row.jurisdiction)!;
    const line = byCode.get(jurisdiction.abbreviation);
    if (!line) {
      byCode.set(jurisdiction.abbreviation, {
        jurisdiction,
        totalMiles: row.totalMiles,
        taxableMiles: row.taxableMiles,
        gallonsPurchased: row.gallonsPurchased,
      });
    } else {
      line.totalMiles = addExactly(line.totalMiles, row.totalMiles);
      line.taxableMiles = addExactly(line.taxableMiles, row.taxableMiles);
      line.gallonsPurchased = addExactly(line.gallonsPurchased, row.gallonsPurchased);
    }
  }
  return [...byCode.values()];
}
