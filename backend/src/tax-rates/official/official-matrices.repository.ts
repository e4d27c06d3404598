import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { underJobLock } from '../../database/job-lock.js';
import type { MatrixRate } from '../matrix/parse-rate-matrix.js';
import type { MatrixSourceKind } from './entities/official-rate-matrix.entity.js';
import type { RunOutcome } from './entities/rate-matrix-run.entity.js';
import { isoTimestamp } from '../../common/sql/iso-timestamp.js';

/** A matrix version as the API shows it. */
export interface MatrixSummary {
  id: string;
  quarter: string;
  version: number;
  status: 'published' | 'superseded' | 'held';
  source_kind: MatrixSourceKind;
  source: string;
  checksum: string;
  rate_count: number;
  footnotes: Record<string, string[]>;
  published_by: string;
  fetched_at: string;
  applied_at: string | null;
  /** What a held version would remove from every account's rates. */
  review: string[];
  reason: string | null;
  restores_version: number | null;
}

export interface OfficialRateRow {
  code: string;
  name: string;
  country: 'USA' | 'Canada';
  fuel_type: string;
  kind: string;
  rate: string;
  rate_cad_per_litre: string | null;
  effective_from: string;
}

export interface MatrixRun {
  id: string;
  quarter: string;
  source: string;
  outcome: RunOutcome;
  message: string;
  matrix_id: string | null;
  started_at: string;
  finished_at: string;
}

const MATRIX_COLUMNS = `m.id, m.quarter, m.version, m.status, m.source_kind, m.source, m.checksum, m.rate_count,
  m.footnotes, m.published_by, m.review, m.reason, m.restores_version, ${isoTimestamp('m.fetched_at')} AS fetched_at,
  CASE WHEN m.applied_at IS NULL THEN NULL ELSE ${isoTimestamp('m.applied_at')} END AS applied_at`;

/** Sorts 'Q3-2026' as a date would: year, then quarter. */
const QUARTER_ORDER = `substr(m.quarter, 4, 4) DESC, substr(m.quarter, 2, 1) DESC`;

/**
 * The SQL of the official matrices: one row per quarter and version with its rates, and the updater's runs. Each
 * account's own table takes a published version through AccountOfficialRatesRepository.
 */
@Injectable()
export class OfficialMatricesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Runs `work` if this process takes the updater's advisory lock; null when another replica holds it. */
  underJobLock<T>(key: number, work: () => Promise<T>): Promise<{ value: T } | null> {
    return underJobLock(this.db, key, work);
  }

  /** The newest version of `quarter` ('Q3-2026'), whatever its status; null when none was ever stored. */
  async newest(quarter: string, manager: EntityManager = this.db.manager): Promise<MatrixSummary | null> {
    const rows: MatrixSummary[] = await manager.query(
      `SELECT ${MATRIX_COLUMNS} FROM official_rate_matrices m WHERE m.quarter = $1 ORDER BY m.version DESC LIMIT 1`,
      [quarter],
    );
    return rows[0] ?? null;
  }

  /** The published version of `quarter` in force, or null while the quarter has none. */
  async publishedFor(quarter: string): Promise<MatrixSummary | null> {
    const rows: MatrixSummary[] = await this.db.query(
      `SELECT ${MATRIX_COLUMNS} FROM official_rate_matrices m WHERE m.quarter = $1 AND m.status = 'published'`,
      [quarter],
    );
    return rows[0] ?? null;
  }

  async find(id: string): Promise<MatrixSummary | null> {
    const rows: MatrixSummary[] = await this.db.query(
      `SELECT ${MATRIX_COLUMNS} FROM official_rate_matrices m WHERE m.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The published version in force for each quarter that has one, newest quarter first. */
  publishedQuarters(): Promise<MatrixSummary[]> {
    return this.db.query(
      `SELECT ${MATRIX_COLUMNS} FROM official_rate_matrices m WHERE m.status = 'published' ORDER BY ${QUARTER_ORDER}`,
    );
  }

  /** Every version, newest quarter and version first, one page at a time. */
  async page(page: number, limit: number): Promise<{ data: MatrixSummary[]; total: number }> {
    const rows: Array<MatrixSummary & { total_count: number }> = await this.db.query(
      `SELECT ${MATRIX_COLUMNS}, COUNT(*) OVER ()::int AS total_count FROM official_rate_matrices m
       ORDER BY ${QUARTER_ORDER}, m.version DESC LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit],
    );
    return { data: rows.map(({ total_count: _t, ...row }) => row), total: rows[0]?.total_count ?? 0 };
  }

  rates(matrixId: string, manager: EntityManager = this.db.manager): Promise<OfficialRateRow[]> {
    return manager.query(
      `SELECT abbreviation AS code, name, country, fuel_type, kind, rate::text AS rate,
              rate_cad_per_litre::text AS rate_cad_per_litre, to_char(effective_date, 'YYYY-MM-DD') AS effective_from
       FROM official_rates WHERE matrix_id = $1 ORDER BY abbreviation, fuel_type, kind, effective_date`,
      [matrixId],
    );
  }

  /** One writer per quarter at a time, in the caller's transaction: versions are numbered without gaps or duplicates. */
  async lockQuarter(manager: EntityManager, quarter: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('official_rate_matrices:' || $1::text, 0))`, [
      quarter,
    ]);
  }

  /**
   * The version of `quarter` that already is this file: the one in force, or a held one waiting for review. A file
   * an earlier, superseded version had is not the same: serving it again restores it.
   */
  async sameFile(
    quarter: string,
    checksum: string,
    manager: EntityManager = this.db.manager,
  ): Promise<MatrixSummary | null> {
    const rows: MatrixSummary[] = await manager.query(
      `SELECT ${MATRIX_COLUMNS} FROM official_rate_matrices m
       WHERE m.quarter = $1 AND m.checksum = $2 AND m.status IN ('published', 'held')
       ORDER BY m.version DESC LIMIT 1`,
      [quarter, checksum],
    );
    return rows[0] ?? null;
  }

  /** The newest published version of the newest quarter before `quarter` ('Q3-2026'), or null. */
  async publishedBefore(quarter: string): Promise<MatrixSummary | null> {
    const rows: MatrixSummary[] = await this.db.query(
      `SELECT ${MATRIX_COLUMNS} FROM official_rate_matrices m
       WHERE m.status = 'published' AND (substr(m.quarter, 4, 4) || substr(m.quarter, 2, 1)) < (substr($1, 4, 4) || substr($1, 2, 1))
       ORDER BY ${QUARTER_ORDER} LIMIT 1`,
      [quarter],
    );
    return rows[0] ?? null;
  }

  /**
   * Stores `rates` as the newest version of `quarter`, in the caller's transaction: published (superseding the version
   * it replaces) or held for review (the version in force stays). Answers null when the file is already the version
   * in force or a held one (another process stored it first).
   */
  async publish(
    manager: EntityManager,
    matrix: {
      quarter: string;
      sourceKind: MatrixSourceKind;
      source: string;
      checksum: string;
      footnotes: Record<string, string[]>;
      publishedBy: string;
      fetchedAt: Date;
      appliedAt?: Date;
      status?: 'published' | 'held';
      review?: string[];
      reason?: string | null;
      restoresVersion?: number | null;
    },
    rates: readonly MatrixRate[],
  ): Promise<MatrixSummary | null> {
    await this.lockQuarter(manager, matrix.quarter);
    if (matrix.sourceKind !== 'restore' && (await this.sameFile(matrix.quarter, matrix.checksum, manager))) return null;
    const status = matrix.status ?? 'published';
    if (status === 'published') await this.supersede(manager, matrix.quarter);
    const [{ id }] = await manager.query(
      `INSERT INTO official_rate_matrices (quarter, version, status, source_kind, source, checksum, rate_count,
         footnotes, published_by, fetched_at, applied_at, review, reason, restores_version)
       SELECT $1::varchar, COALESCE(MAX(version), 0) + 1, $10, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $11::jsonb, $12,
              $13::integer
       FROM official_rate_matrices WHERE quarter = $1::varchar
       RETURNING id`,
      [
        matrix.quarter,
        matrix.sourceKind,
        matrix.source.slice(0, 500),
        matrix.checksum,
        rates.length,
        JSON.stringify(matrix.footnotes),
        matrix.publishedBy.slice(0, 254),
        matrix.fetchedAt,
        matrix.appliedAt ?? null,
        status,
        JSON.stringify(matrix.review ?? []),
        matrix.reason?.slice(0, 500) ?? null,
        matrix.restoresVersion ?? null,
      ],
    );
    await manager.query(
      `INSERT INTO official_rates (matrix_id, abbreviation, name, country, fuel_type, kind, rate, rate_cad_per_litre,
         effective_date)
       SELECT $1, r.code, r.name, r.country, r.fuel_type, r.kind, r.rate, r.cad, r.effective_date
       FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::numeric[],
         $8::numeric[], $9::date[]) AS r(code, name, country, fuel_type, kind, rate, cad, effective_date)`,
      [
        id,
        rates.map((r) => r.code),
        rates.map((r) => r.name),
        rates.map((r) => r.country),
        rates.map((r) => r.fuel_type),
        rates.map((r) => r.kind),
        rates.map((r) => r.rate),
        rates.map((r) => r.rate_cad_per_litre),
        rates.map((r) => r.effective_from),
      ],
    );
    return this.newest(matrix.quarter, manager);
  }

  private async supersede(manager: EntityManager, quarter: string): Promise<void> {
    await manager.query(
      `UPDATE official_rate_matrices SET status = 'superseded' WHERE quarter = $1 AND status = 'published'`,
      [quarter],
    );
  }

  /**
   * Publishes held version `id` (the operator's decision, with `reason`) in place of the one in force, in the
   * caller's transaction; false when it is no longer held (published or superseded by someone else meanwhile).
   */
  async release(
    manager: EntityManager,
    matrix: { id: string; quarter: string },
    decision: { reason: string; by: string },
  ): Promise<boolean> {
    await this.lockQuarter(manager, matrix.quarter);
    const [held]: Array<{ status: string }> = await manager.query(
      `SELECT status FROM official_rate_matrices WHERE id = $1 FOR UPDATE`,
      [matrix.id],
    );
    if (held?.status !== 'held') return false;
    await this.supersede(manager, matrix.quarter);
    await manager.query(
      `UPDATE official_rate_matrices SET status = 'published', reason = $2, published_by = $3, applied_at = NULL
       WHERE id = $1`,
      [matrix.id, decision.reason.slice(0, 500), decision.by.slice(0, 254)],
    );
    return true;
  }

  async markApplied(id: string): Promise<void> {
    await this.db.query(`UPDATE official_rate_matrices SET applied_at = now() WHERE id = $1`, [id]);
  }

  async recordRun(run: Omit<MatrixRun, 'id' | 'started_at' | 'finished_at'> & { startedAt: Date }): Promise<void> {
    await this.db.query(
      `INSERT INTO rate_matrix_runs (quarter, source, outcome, message, matrix_id, started_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())`,
      [run.quarter, run.source.slice(0, 500), run.outcome, run.message.slice(0, 2000), run.matrix_id, run.startedAt],
    );
  }

  async runs(page: number, limit: number, outcome?: string): Promise<{ data: MatrixRun[]; total: number }> {
    const rows: Array<MatrixRun & { total_count: number }> = await this.db.query(
      `SELECT id, quarter, source, outcome, message, matrix_id, ${isoTimestamp('started_at')} AS started_at,
              ${isoTimestamp('finished_at')} AS finished_at, COUNT(*) OVER ()::int AS total_count
       FROM rate_matrix_runs WHERE ($3::varchar IS NULL OR outcome = $3)
       ORDER BY started_at DESC, id LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit, outcome ?? null],
    );
    return { data: rows.map(({ total_count: _t, ...row }) => row), total: rows[0]?.total_count ?? 0 };
  }
}
