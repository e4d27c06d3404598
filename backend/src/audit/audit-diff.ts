import type { AuditChanges } from './audit-types.js';

/** A line's figures by name (miles, gallons, rate...), as numbers. */
export type LineFigures = Record<string, number>;

const same = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a === b : JSON.stringify(a) === JSON.stringify(b);

/**
 * The compact before → after of a report's lines, keyed by line: a line added has `before: null` and all its
 * figures after; a line removed has all its figures before and `after: null`; a line changed keeps only the figures
 * that differ on each side, so a reader sees "taxable miles 100 → 120" rather than two whole lines to compare. A
 * line that did not change is left out; null when nothing did.
 */
export function lineChanges(
  before: Record<string, LineFigures> | null | undefined,
  after: Record<string, LineFigures> | null | undefined,
): AuditChanges | null {
  const changes: AuditChanges = {};
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const key of keys) {
    const was = before?.[key];
    const now = after?.[key];
    if (!was && now) changes[key] = { before: null, after: now };
    else if (was && !now) changes[key] = { before: was, after: null };
    else if (was && now) {
      const figures = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
        (figure) => !same(was[figure] ?? null, now[figure] ?? null),
      );
      if (figures.length === 0) continue;
      changes[key] = {
        before: Object.fromEntries(figures.map((figure) => [figure, was[figure] ?? null])),
        after: Object.fromEntries(figures.map((figure) => [figure, now[figure] ?? null])),
      };
    }
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
