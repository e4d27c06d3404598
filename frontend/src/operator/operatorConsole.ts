import { quarterLabel } from '@ifta/filing-calendar';
import { HttpError } from 'react-admin';
import type { MatrixDiffSummary, MatrixPreview, MatrixRunOutcome } from '../api/types';

/** The first year the product keeps IFTA's figures for (the interest periods start in 2013). */
const FIRST_YEAR = 2013;

/**
 * The quarters an operator may upload a matrix for, newest first: next year's Q4 back to Q1 of 2013, since a
 * correction of an old quarter's matrix is as much the operator's job as the coming quarter's.
 */
export function matrixQuarters(today: Date): string[] {
  const quarters: string[] = [];
  for (let year = today.getFullYear() + 1; year >= FIRST_YEAR; year--)
    for (let quarter = 4; quarter >= 1; quarter--) quarters.push(quarterLabel(year, quarter));
  return quarters;
}

/** What a preview allows: fix the file (problems), nothing to publish (same file), or publish. */
export type PreviewVerdict = 'problems' | 'same_as_current' | 'publishable';

export const previewVerdict = (preview: Pick<MatrixPreview, 'problems' | 'same_as_current'>): PreviewVerdict => {
  if (preview.problems.length > 0) return 'problems';
  if (preview.same_as_current) return 'same_as_current';
  return 'publishable';
};

/** The shortest reason the server takes for publishing a held version or restoring one (MatrixDecisionDto). */
export const REASON_MIN_LENGTH = 3;

/**
 * Whether the upload can be published now: a file that removes rates (the preview's losses) needs the operator's
 * reason, or it would be held for review instead.
 */
export const needsReason = (preview: Pick<MatrixPreview, 'losses'>, reason: string): boolean =>
  preview.losses.length > 0 && reason.trim().length < REASON_MIN_LENGTH;

/** The summary's counts in the order the preview shows them, leaving out the zeros but for "unchanged". */
export function summaryCounts(summary: MatrixDiffSummary): Array<{ key: keyof MatrixDiffSummary; count: number }> {
  const order: Array<keyof MatrixDiffSummary> = ['added', 'changed', 'removed', 'unchanged'];
  return order.filter((key) => summary[key] > 0 || key === 'unchanged').map((key) => ({ key, count: summary[key] }));
}

/** A run's chip colour: a failure stands out in red, a not-yet-published quarter is a warning. */
export const RUN_OUTCOME_COLORS: Record<MatrixRunOutcome, 'success' | 'default' | 'warning' | 'error'> = {
  published: 'success',
  held: 'warning',
  unchanged: 'default',
  not_found: 'warning',
  failed: 'error',
};

/** '0.0900' -> '9.00%'; text the server did not send as a number stays as it is. */
export function fractionToPercent(fraction: string): string {
  const value = Number(fraction);
  if (fraction.trim() === '' || !Number.isFinite(value)) return fraction;
  return `${percentText(fraction)}%`;
}

/**
 * The percentage of an exact fraction, by moving its decimal point two places (no binary arithmetic, so 0.0925
 * stays 9.25 and never becomes 9.250000000000002), with at least two decimals.
 */
function percentText(fraction: string): string {
  const [whole, decimals = ''] = fraction.trim().split('.');
  const padded = decimals.padEnd(2, '0');
  const integer = String(Number(`${whole}${padded.slice(0, 2)}`));
  const rest = padded.slice(2).replace(/0+$/, '');
  return `${integer}.${rest.padEnd(2, '0')}`;
}

/** The highest annual interest rate the server takes, as a fraction. */
const MAX_ANNUAL_RATE = 0.25;

/**
 * The annual rate the form's percentage stands for, as the fraction the API takes ('9.25' -> 0.0925), or null
 * when the text is not a percentage with at most two decimals from 0 up to 25.
 */
export function percentToFraction(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const decimals = (match[2] ?? '').padEnd(2, '0');
  // Built as text so the number is the decimal the operator typed, not a sum of binary fractions.
  const fraction = Number(`0.${match[1].padStart(2, '0')}${decimals}`);
  // The server refuses more than 25% a year (a typing slip, never IFTA's rate); say so before sending it.
  return fraction > MAX_ANNUAL_RATE ? null : fraction;
}

/** The form's percentage for a stored fraction: '0.0900' -> '9', '0.0925' -> '9.25'. */
export const fractionToPercentInput = (fraction: string): string => percentText(fraction).replace(/\.?0+$/, '');

/** The per-field messages of a 400 (`fields: { effective_to: '…' }`); empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const fields = (error.body as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The interest years no period covers, as the warning lists them: '2025, 2026'. */
export const missingYearsText = (years: readonly number[]): string => [...years].sort((a, b) => a - b).join(', ');

/** A subscription status's chip colour: paying is green, at risk amber, ended red, anything else plain. */
export function subscriptionStatusColor(status: string): 'success' | 'warning' | 'error' | 'default' {
  if (status === 'active' || status === 'trialing') return 'success';
  if (status === 'past_due' || status === 'incomplete' || status === 'unpaid') return 'warning';
  if (status === 'canceled' || status === 'cancelled' || status === 'expired') return 'error';
  return 'default';
}
