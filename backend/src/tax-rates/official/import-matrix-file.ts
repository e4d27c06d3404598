import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseQuarter, type Quarter } from '../quarter.js';
import type { OfficialMatricesService, PublishOutcome } from './official-matrices.service.js';

/** '3Q2026' (IFTA's way) or 'Q3-2026' (the product's) as a quarter; undefined for anything else. */
export function quarterArgument(text: string | undefined): Quarter | undefined {
  const trimmed = (text ?? '').trim().toUpperCase();
  const ifta = /^([1-4])Q(20\d{2})$/.exec(trimmed);
  return parseQuarter(ifta ? `Q${ifta[1]}-${ifta[2]}` : trimmed);
}

/** The arguments of `npm run rates:import -- <file.csv> --quarter 3Q2026`, or a usage message. */
export function importArguments(argv: readonly string[]): { file: string; quarter: Quarter } | string {
  const usage = 'Usage: npm run rates:import -- <file.csv> --quarter 3Q2026';
  const at = argv.indexOf('--quarter');
  const quarter = at >= 0 ? quarterArgument(argv[at + 1]) : undefined;
  const file = argv.find((arg, i) => !arg.startsWith('--') && i !== at + 1);
  if (!file) return usage;
  if (!quarter) return `${usage} (the quarter is like 3Q2026 or Q3-2026)`;
  return { file, quarter };
}

/** Publishes a matrix file from disk as an operator's upload would, recorded as published by 'cli'. */
export async function importMatrixFile(
  matrices: OfficialMatricesService,
  file: string,
  quarter: Quarter,
): Promise<PublishOutcome> {
  return matrices.publish({
    content: await readFile(file),
    quarter,
    sourceKind: 'file',
    source: basename(file),
    publishedBy: 'cli',
  });
}
