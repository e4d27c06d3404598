import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MatrixRate } from '../matrix/parse-rate-matrix.js';
import { readRateMatrix } from '../matrix/read-rate-matrix.js';
import type { Quarter } from '../quarter.js';
import type { MatrixSourceKind } from './entities/official-rate-matrix.entity.js';
import { OfficialMatrixEvents } from './official-matrix-events.js';
import {
  type MatrixSummary,
  OfficialMatricesRepository,
  type OfficialRateRow,
} from './official-matrices.repository.js';
import { AccountOfficialRatesRepository } from './account-official-rates.repository.js';
import { officialMatrixProblems } from './validate-official-matrix.js';

/** A matrix that parses but must not be published (incomplete, or figures out of bounds). */
export class MatrixRefusedError extends Error {}

export interface MatrixDiffLine {
  code: string;
  fuel_type: string;
  kind: string;
  effective_from: string;
  status: 'added' | 'changed' | 'removed';
  previous_rate: string | null;
  rate: string | null;
}

export interface MatrixPreview {
  quarter: string;
  rate_count: number;
  checksum: string;
  /** Publishing this file would change nothing: the same file is the newest version already. */
  same_as_current: boolean;
  current: MatrixSummary | null;
  summary: { added: number; changed: number; removed: number; unchanged: number };
  changes: MatrixDiffLine[];
  problems: string[];
}

export interface PublishOutcome {
  outcome: 'published' | 'unchanged';
  matrix: MatrixSummary;
}

export interface MatrixFile {
  content: Buffer;
  quarter: Quarter;
  sourceKind: MatrixSourceKind;
  source: string;
  publishedBy: string;
}

const key = (r: { code: string; fuel_type: string; kind: string; effective_from: string }) =>
  `${r.code}|${r.fuel_type}|${r.kind}|${r.effective_from}`;

/** The 4-decimal text of a rate, whatever zeros PostgreSQL or the file wrote. */
const exact = (rate: string) => Number(rate).toFixed(4);

/**
 * IFTA's matrix stored once per quarter for every account: a file (fetched by the updater, uploaded by an operator,
 * imported from the command line) is read in either layout, checked (all 58 members, sane figures), stored as the
 * quarter's next version, copied into every account's table (never over an account's own change), and announced
 * so drafts priced provisionally are repriced. The same file twice is one version.
 */
@Injectable()
export class OfficialMatricesService {
  constructor(
    private readonly repository: OfficialMatricesRepository,
    private readonly applier: AccountOfficialRatesRepository,
    private readonly events: OfficialMatrixEvents,
  ) {}

  /** What publishing `file` would do, nothing written. Throws RateMatrixError for a file it cannot read. */
  async preview(file: Omit<MatrixFile, 'sourceKind' | 'source' | 'publishedBy'>): Promise<MatrixPreview> {
    const { rates } = readRateMatrix(file.content, file.quarter);
    const checksum = sha256(file.content);
    const current = await this.repository.newest(file.quarter.label);
    const before = current ? await this.repository.rates(current.id) : [];
    const changes = diff(before, rates);
    return {
      quarter: file.quarter.label,
      rate_count: rates.length,
      checksum,
      same_as_current: current?.checksum === checksum,
      current,
      summary: {
        added: changes.filter((c) => c.status === 'added').length,
        changed: changes.filter((c) => c.status === 'changed').length,
        removed: changes.filter((c) => c.status === 'removed').length,
        unchanged: rates.length - changes.filter((c) => c.status !== 'removed').length,
      },
      changes,
      problems: officialMatrixProblems(rates),
    };
  }

  /**
   * Publishes `file` for its quarter and applies it to every account. Throws RateMatrixError (unreadable) or
   * MatrixRefusedError (incomplete, out of bounds); answers 'unchanged' when the file is the newest version already.
   */
  async publish(file: MatrixFile): Promise<PublishOutcome> {
    const checksum = sha256(file.content);
    const newest = await this.repository.newest(file.quarter.label);
    if (newest?.checksum === checksum) return { outcome: 'unchanged', matrix: newest };
    const { rates, footnotes } = readRateMatrix(file.content, file.quarter);
    const problems = officialMatrixProblems(rates);
    if (problems.length > 0) throw new MatrixRefusedError(`The matrix was not published: ${problems.join('; ')}`);
    return this.store({ ...file, checksum, rates, footnotes });
  }

  /** Stores parsed rates (the shipped seed's, or a file's) and applies them; see publish. */
  async store(
    matrix: Omit<MatrixFile, 'content'> & {
      checksum: string;
      rates: readonly MatrixRate[];
      footnotes: Record<string, string[]>;
      alreadyApplied?: boolean;
    },
  ): Promise<PublishOutcome> {
    const stored = await this.repository.transaction((manager) =>
      this.repository.publish(
        manager,
        {
          quarter: matrix.quarter.label,
          sourceKind: matrix.sourceKind,
          source: matrix.source,
          checksum: matrix.checksum,
          footnotes: matrix.footnotes,
          publishedBy: matrix.publishedBy,
          fetchedAt: new Date(),
          appliedAt: matrix.alreadyApplied ? new Date() : undefined,
        },
        matrix.rates,
      ),
    );
    // Another replica stored the same file a moment earlier: it applies it.
    if (!stored) return { outcome: 'unchanged', matrix: (await this.repository.newest(matrix.quarter.label))! };
    if (!matrix.alreadyApplied) {
      await this.applier.applyToAllAccounts(stored.id, matrix.quarter);
      await this.repository.markApplied(stored.id);
      await this.events.published({ quarter: stored.quarter, matrixId: stored.id, version: stored.version });
    }
    return { outcome: 'published', matrix: (await this.repository.find(stored.id))! };
  }
}

export const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

function diff(before: readonly OfficialRateRow[], after: readonly MatrixRate[]): MatrixDiffLine[] {
  const old = new Map(before.map((r) => [key(r), r]));
  const lines: MatrixDiffLine[] = [];
  for (const rate of after) {
    const held = old.get(key(rate));
    old.delete(key(rate));
    if (!held) lines.push({ ...pick(rate), status: 'added', previous_rate: null, rate: exact(rate.rate) });
    else if (exact(held.rate) !== exact(rate.rate)) {
      lines.push({ ...pick(rate), status: 'changed', previous_rate: exact(held.rate), rate: exact(rate.rate) });
    }
  }
  for (const gone of old.values())
    lines.push({ ...pick(gone), status: 'removed', previous_rate: exact(gone.rate), rate: null });
  return lines.sort((a, b) => key(a).localeCompare(key(b)));
}

const pick = (r: { code: string; fuel_type: string; kind: string; effective_from: string }) => ({
  code: r.code,
  fuel_type: r.fuel_type,
  kind: r.kind,
  effective_from: r.effective_from,
});
