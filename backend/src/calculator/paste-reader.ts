import {
  type AccountRate,
  createJurisdictionDirectory,
  type ImportProblem,
  type PasteTask,
  readPastedLines,
  splitPasteLines,
} from '../ifta/index.js';
import type { EntryInput } from '../calculation-sessions/imported-entry.js';
import { mergeByJurisdiction } from './merge-lines.js';

/** Problems listed in a refused import's answer; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;

export interface PasteReadTask extends PasteTask {
  /** The account's rate table, from which the thread builds the account's jurisdiction directory. */
  rates: AccountRate[];
}

export type PasteReadOutcome =
  | { tooManyLines: true }
  | {
      /** One line per jurisdiction; empty when any line has a problem (nothing is imported then). */
      lines: EntryInput[];
      /** The first MAX_LISTED_PROBLEMS problems, by line number. */
      problems: ImportProblem[];
      problemCount: number;
      conversions?: string[];
    };

/**
 * The whole of reading a paste, on the file pool (a job of the worker pool): cutting up to 1 MB of text into lines,
 * checking each line's jurisdiction and numbers, and merging the lines per jurisdiction. Only the merged lines and
 * the first problems cross back to the event loop, so a paste of 5,000 lines costs it no more than one of five.
 */
export function readPasteJob({ rates, ...task }: PasteReadTask): PasteReadOutcome {
  const pasted = splitPasteLines(task);
  if ('tooManyLines' in pasted) return pasted;
  const directory = createJurisdictionDirectory(rates);
  const result = readPastedLines(pasted, { isKnownJurisdiction: directory.isKnown });
  return {
    lines: result.errors.length ? [] : mergeByJurisdiction(result.rows, directory),
    problems: result.errors.slice(0, MAX_LISTED_PROBLEMS),
    problemCount: result.errors.length,
    ...(result.conversions ? { conversions: result.conversions } : {}),
  };
}
