import { HttpError } from 'react-admin';
import { serverErrorText } from '../providers/httpClient';

/**
 * What the 'File error:' alert lists for a failed import: the server's per-row lines when it sent
 * them, else its one sentence, else `fallback` (a translated 'Error: Failed to process …').
 */
export const importErrorLines = (error: unknown, fallback: string, networkText: string): string[] => {
  if (!(error instanceof HttpError)) return [fallback];
  if (error.status === 0) return [networkText];
  const body = error.body as { errors?: unknown } | null;
  const lines = Array.isArray(body?.errors)
    ? body.errors.filter((line): line is string => typeof line === 'string')
    : [];
  if (lines.length) return lines;
  return [serverErrorText(error.body) ?? fallback];
};

/** The sentence the server put above its per-row list ('Some rows could not be imported; …'), if any. */
export const importErrorSummary = (error: unknown): string | null => {
  if (!(error instanceof HttpError)) return null;
  const body = error.body as { errors?: unknown } | null;
  return Array.isArray(body?.errors) && body.errors.length ? (serverErrorText(error.body) ?? null) : null;
};
