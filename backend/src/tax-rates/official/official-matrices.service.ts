import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MatrixRate } from '../matrix/parse-rate-matrix.js';
import { readRateMatrix } from '../matrix/read-rate-matrix.js';
import { parseQuarter, type Quarter } from '../quarter.js';
import { matrixLosses } from './matrix-losses.js';
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

/** An operator's decision the versions do not allow (publishing a version that is not held, restoring the one in force). */
export class MatrixDecisionError extends Error {}

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
  /** Publishing this file would change nothing: the same file is the version in force (or held for review) already. */
  same_as_current: boolean;
  current: MatrixSummary | null;
  /**
   * What publishing it would take from every account (a row, a fuel, a rate removed or turned to `$-`): empty, or
   * the reasons it would be held for an operator's review.
   */
  losses: string[];
  summary: { added: number; changed: number; removed: number; unchanged: number };
  changes: MatrixDiffLine[];
  problems: string[];
}

export interface PublishOutcome {
  /** 'held': stored for an operator's review (it would remove rates), not applied to any account. */
  outcome: 'published' | 'held' | 'unchanged';
  matrix: MatrixSummary;
}

export interface MatrixFile {
  content: Buffer;
  quarter: Quarter;
  sourceKind: MatrixSourceKind;
  source: string;
  publishedBy: string;
  /** An operator's reason to publish a file that removes rates; without one such a file is held. */
  reason?: string;
}

const key = (r: { code: string; fuel_type: string; kind: string; effective_from: string }) =>
  `${r.code}|${r.fuel_type}|${r.kind}|${r.effective_from}`;

/** The 4-decimal text of a rate, whatever zeros PostgreSQL or the file wrote. */
const exact = (rate: string) => Number(rate).toFixed(4);

/**
 * IFTA's matrix stored once per quarter for every account: a file (fetched by the updater, uploaded by an operator,
 * imported from the command line) is read in either layout, checked (all 58 members, sane figures), stored as the
 * quarter's next version, copied into every account's table (never over an account's own change), and announced
 * so drafts priced provisionally are repriced. The same file twice is one version. A file that would take rates away
 * (a row, a fuel, a rate turned to `$-`) is held for an operator, who publishes it with a reason or leaves it; any
 * earlier version can be restored as a new one.
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
    const current = await this.repository.publishedFor(file.quarter.label);
    const before = current ? await this.repository.rates(current.id) : [];
    const changes = diff(before, rates);
    return {
      quarter: file.quarter.label,
      rate_count: rates.length,
      checksum,
      same_as_current: (await this.repository.sameFile(file.quarter.label, checksum)) !== null,
      current,
      losses: await this.losses(file.quarter, rates),
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
   * MatrixRefusedError (incomplete, out of bounds); answers 'unchanged' when the file is the version in force (or a
   * held one) already, and 'held' when it would remove rates and no operator gave a reason to publish it anyway.
   */
  async publish(file: MatrixFile): Promise<PublishOutcome> {
    const checksum = sha256(file.content);
    const same = await this.repository.sameFile(file.quarter.label, checksum);
    if (same) return { outcome: same.status === 'held' ? 'held' : 'unchanged', matrix: same };
    const { rates, footnotes } = readRateMatrix(file.content, file.quarter);
    const problems = officialMatrixProblems(rates);
    if (problems.length > 0) throw new MatrixRefusedError(`The matrix was not published: ${problems.join('; ')}`);
    const losses = await this.losses(file.quarter, rates);
    const reason = file.reason?.trim() || undefined;
    const held = losses.length > 0 && !reason;
    return this.store({ ...file, checksum, rates, footnotes, reason, review: losses, held });
  }

  /**
   * What `rates` would take from every account: against the quarter's version in force, or, for a quarter's first
   * version, against the newest quarter before it (whose rates price it provisionally until then).
   */
  private async losses(quarter: Quarter, rates: readonly MatrixRate[]): Promise<string[]> {
    const own = await this.repository.publishedFor(quarter.label);
    const baseline = own ?? (await this.repository.publishedBefore(quarter.label));
    if (!baseline) return [];
    return matrixLosses(await this.repository.rates(baseline.id), rates, own !== null);
  }

  /** Publishes held version `id` with the operator's reason, and applies it to every account. */
  async release(id: string, decision: { reason: string; by: string }): Promise<PublishOutcome> {
    const matrix = await this.repository.find(id);
    if (!matrix) throw new MatrixDecisionError('Matrix not found');
    const released = await this.repository.transaction((manager) => this.repository.release(manager, matrix, decision));
    if (!released) throw new MatrixDecisionError(`Version ${matrix.version} of ${matrix.quarter} is not held`);
    return { outcome: 'published', matrix: await this.applied(matrix.id, parseQuarterOf(matrix.quarter)) };
  }

  /**
   * Brings an earlier version back as the quarter's newest one (its rates, its file's checksum), saying which version
   * it restores and why; the version in force cannot be restored onto itself.
   */
  async restore(id: string, decision: { reason: string; by: string }): Promise<PublishOutcome> {
    const earlier = await this.repository.find(id);
    if (!earlier) throw new MatrixDecisionError('Matrix not found');
    if (earlier.status === 'published') {
      throw new MatrixDecisionError(`Version ${earlier.version} is the one in force for ${earlier.quarter} already`);
    }
    const rates = (await this.repository.rates(earlier.id)) as MatrixRate[];
    return this.store({
      quarter: parseQuarterOf(earlier.quarter),
      sourceKind: 'restore',
      source: `version ${earlier.version} (${earlier.source})`,
      publishedBy: decision.by,
      checksum: earlier.checksum,
      rates,
      footnotes: earlier.footnotes,
      reason: decision.reason,
      restoresVersion: earlier.version,
    });
  }

  /** Stores parsed rates (the shipped seed's, or a file's) and applies them; see publish. */
  async store(
    matrix: Omit<MatrixFile, 'content'> & {
      checksum: string;
      rates: readonly MatrixRate[];
      footnotes: Record<string, string[]>;
      alreadyApplied?: boolean;
      held?: boolean;
      review?: string[];
      restoresVersion?: number;
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
          status: matrix.held ? 'held' : 'published',
          review: matrix.review,
          reason: matrix.reason,
          restoresVersion: matrix.restoresVersion,
        },
        matrix.rates,
      ),
    );
    // Another replica stored the same file a moment earlier: it applies it.
    if (!stored) return { outcome: 'unchanged', matrix: (await this.repository.newest(matrix.quarter.label))! };
    if (matrix.held) return { outcome: 'held', matrix: stored };
    if (matrix.alreadyApplied) return { outcome: 'published', matrix: stored };
    return { outcome: 'published', matrix: await this.applied(stored.id, matrix.quarter) };
  }

  /** Applies a version just put in force to every account and announces it (drafts repriced, notices made). */
  private async applied(matrixId: string, quarter: Quarter): Promise<MatrixSummary> {
    await this.applier.applyToAllAccounts(matrixId, quarter);
    await this.repository.markApplied(matrixId);
    const matrix = (await this.repository.find(matrixId))!;
    await this.events.published({ quarter: matrix.quarter, matrixId, version: matrix.version });
    return matrix;
  }
}

const parseQuarterOf = (label: string) => parseQuarter(label)!;

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
