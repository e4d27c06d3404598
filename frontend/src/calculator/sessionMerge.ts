import { toNumber } from '@ifta/index';
import type { SessionEntryInput } from '../api/types';
import type { JurisdictionRow } from './types';

/** A calculator row as a calculation-session entry (docs/product-spec.md §3 Imported entry). */
export const entryFromRow = (row: JurisdictionRow): SessionEntryInput => ({
  state: row.name,
  tax_rate: toNumber(row.taxRate),
  total_miles: toNumber(row.totalMiles),
  miles_driven: toNumber(row.taxableMiles),
  fuel_purchased: toNumber(row.gallonsPurchased),
});

/** What makes two lines the same line: jurisdiction and the three figures, as numbers. */
const keyOf = (entry: SessionEntryInput): string =>
  [
    entry.state ?? '',
    toNumber(entry.total_miles ?? entry.miles_driven),
    toNumber(entry.miles_driven),
    toNumber(entry.fuel_purchased),
  ].join('|');

/** `from` less `less`, counting duplicates (two identical lines are two lines). */
const difference = (from: readonly SessionEntryInput[], less: readonly SessionEntryInput[]): SessionEntryInput[] => {
  const left = new Map<string, number>();
  for (const entry of less) left.set(keyOf(entry), (left.get(keyOf(entry)) ?? 0) + 1);
  return from.filter((entry) => {
    const key = keyOf(entry);
    const count = left.get(key) ?? 0;
    if (count === 0) return true;
    left.set(key, count - 1);
    return false;
  });
};

/** The lines two lists share, counting duplicates: the ancestor to assume when none is known. */
export const commonEntries = (a: readonly SessionEntryInput[], b: readonly SessionEntryInput[]): SessionEntryInput[] =>
  difference(a, difference(a, b));

export const sameEntries = (a: readonly SessionEntryInput[], b: readonly SessionEntryInput[]): boolean =>
  a.length === b.length && difference(a, b).length === 0;

/**
 * Two open tabs (or computers) autosave into one session. Before each save the tab reads the session and merges
 * three ways against `base`, the entries as this tab last saved or read them: lines another tab added since are
 * appended, lines another tab removed since are removed here too if this tab still has them unchanged, and this
 * tab's own additions, edits and removals stay. A line is never lost for having been written by the other tab:
 * at worst an edited line appears twice, once as each tab left it.
 */
export const mergeRows = <Row>(
  local: readonly Row[],
  localEntries: readonly SessionEntryInput[],
  base: readonly SessionEntryInput[],
  server: readonly SessionEntryInput[],
  rowFrom: (entry: SessionEntryInput) => Row,
): Row[] => {
  const removedThere = difference(base, server);
  const addedThere = difference(server, base);
  const dropKeys = new Map<string, number>();
  for (const entry of removedThere) dropKeys.set(keyOf(entry), (dropKeys.get(keyOf(entry)) ?? 0) + 1);
  const kept = local.filter((_, index) => {
    const key = keyOf(localEntries[index]);
    const count = dropKeys.get(key) ?? 0;
    if (count === 0) return true;
    dropKeys.set(key, count - 1);
    return false;
  });
  return [...kept, ...addedThere.map(rowFrom)];
};
