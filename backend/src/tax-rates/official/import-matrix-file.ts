import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { quarterOfTitle } from '../matrix/parse-ifta-published-matrix.js';
import { parseQuarter, type Quarter } from '../quarter.js';
import type { OfficialMatricesService, PublishOutcome } from './official-matrices.service.js';

/** '3Q2026' (IFTA's way) or 'Q3-2026' (the product's) as a quarter; undefined for anything else. */
export function quarterArgument(text: string | undefined): Quarter | undefined {
  const trimmed = (text ?? '').trim().toUpperCase();
  const ifta = /^([1-4])Q(20\d{2})$/.exec(trimmed);
  return parseQuarter(ifta ? `Q${ifta[1]}-${ifta[2]}` : trimmed);
}

export interface ImportArguments {
  files: string[];
  /** The quarter of the one file given; absent: each file's quarter is read from its title. */
  quarter?: Quarter;
  /** Why a file that removes rates is published anyway (otherwise it is held for review). */
  reason?: string;
}

const USAGE = 'Usage: npm run rates:import -- <file.csv>… [--quarter 3Q2026] [--reason "why"]';

/**
 * The arguments of `npm run rates:import -- 1Q2025.csv 4Q2025.csv …`: one file or many (IFTA publishes every quarter's
 * matrix back to 2017, and a new install loads the past years at once), each file's quarter read from its title, or
 * `--quarter` for a single file; a usage message when they do not make sense.
 */
export function importArguments(argv: readonly string[]): ImportArguments | string {
  const valueOf = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? (argv[at + 1] ?? '') : undefined;
  };
  const flagged = new Set(['--quarter', '--reason'].map((flag) => argv.indexOf(flag) + 1).filter((i) => i > 0));
  const files = argv.filter((arg, i) => !arg.startsWith('--') && !flagged.has(i));
  if (files.length === 0) return USAGE;
  const quarterText = valueOf('--quarter');
  const quarter = quarterText === undefined ? undefined : quarterArgument(quarterText);
  if (quarterText !== undefined && !quarter) return `${USAGE} (the quarter is like 3Q2026 or Q3-2026)`;
  if (quarter && files.length > 1) {
    return `${USAGE} (--quarter names one file's quarter; with several files each one's is read from its title)`;
  }
  const reason = valueOf('--reason')?.trim();
  return { files, ...(quarter ? { quarter } : {}), ...(reason ? { reason } : {}) };
}

/** The quarter a matrix file is for: its title row (`3rd Quarter 2026`), else its name (`3Q2026.csv`). */
export function quarterOfFile(file: string, content: Buffer): Quarter | undefined {
  const title = quarterOfTitle(content.subarray(0, 200).toString('utf8').split(/\r?\n/, 1)[0]);
  return quarterArgument(title ?? basename(file).replace(/\.csv$/i, ''));
}

/** Publishes a matrix file from disk as an operator's upload would, recorded as published by 'cli'. */
export async function importMatrixFile(
  matrices: OfficialMatricesService,
  file: string,
  quarter?: Quarter,
  reason?: string,
): Promise<PublishOutcome & { quarter: Quarter }> {
  const content = await readFile(file);
  const of = quarter ?? quarterOfFile(file, content);
  if (!of)
    throw new QuarterUnknownError(`${basename(file)}: its title names no quarter; give it with --quarter 3Q2026`);
  const outcome = await matrices.publish({
    content,
    quarter: of,
    sourceKind: 'file',
    source: basename(file),
    publishedBy: 'cli',
    reason,
  });
  return { ...outcome, quarter: of };
}

export class QuarterUnknownError extends Error {}
