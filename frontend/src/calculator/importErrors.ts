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

/**
 * The server's sentences for a file it could not open as a workbook: its plain 'Failed to process file', and its
 * wrong-type answer (worded in Russian, docs/product-spec.md §5), which a server that checks only the first bytes
 * gives a damaged file named .xlsx. The browser has checked the name already, so either one means the file could
 * not be read, not that its type is wrong, and the screen says so in its own language.
 */
const UNREADABLE_ANSWERS = new Set(['Разрешены только файлы .xlsx', 'Error: Failed to process file']);

/** The catalogue key for an upload the server could not read, or null when its answer says more than that. */
export const unreadableFileKey = (error: unknown): string | null => {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const body = error.body as { errors?: unknown } | null;
  if (Array.isArray(body?.errors) && body.errors.length) return null;
  const text = serverErrorText(error.body);
  return text && UNREADABLE_ANSWERS.has(text) ? 'calculator.excel.unreadable' : null;
};
