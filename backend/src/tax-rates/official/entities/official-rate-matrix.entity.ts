import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const MATRIX_STATUSES = ['published', 'superseded', 'held'] as const;
export type MatrixStatus = (typeof MATRIX_STATUSES)[number];
export const MATRIX_SOURCE_KINDS = ['seed', 'url', 'file', 'restore'] as const;
export type MatrixSourceKind = (typeof MATRIX_SOURCE_KINDS)[number];

/**
 * One version of IFTA, Inc.'s rate matrix for one quarter, stored once for every account: where it came from (the
 * shipped seed, the updater's URL, an operator's file), when, and its SHA-256 (a fetch of the same file is not a new
 * version). The newest published version of a quarter is in force; publishing a newer one supersedes it. A version
 * that would remove rates the one in force has is 'held' until an operator publishes it with a reason; a restore is a
 * new version with an earlier one's rates ('restore', `restores_version`).
 */
@Entity('official_rate_matrices')
@Index('official_rate_matrices_quarter_version', ['quarter', 'version'], { unique: true })
@Index('official_rate_matrices_quarter_checksum', ['quarter', 'checksum'])
@Check('official_rate_matrices_status_allowed', `status IN ('published', 'superseded', 'held')`)
@Check('official_rate_matrices_source_kind_allowed', `source_kind IN ('seed', 'url', 'file', 'restore')`)
export class OfficialRateMatrix {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** 'Q3-2026', the product's way of writing a quarter. */
  @Column({ type: 'varchar', length: 7 })
  quarter: string;

  @Column({ type: 'integer' })
  version: number;

  @Column({ type: 'varchar', length: 12 })
  status: MatrixStatus;

  @Column({ name: 'source_kind', type: 'varchar', length: 8 })
  sourceKind: MatrixSourceKind;

  /** The URL fetched, or the uploaded file's name. */
  @Column({ type: 'varchar', length: 500 })
  source: string;

  @Column({ type: 'char', length: 64 })
  checksum: string;

  @Column({ name: 'rate_count', type: 'integer' })
  rateCount: number;

  /** Footnote markers of the file by jurisdiction code ({"AB": ["14"]}). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  footnotes: Record<string, string[]>;

  /** Who published it: 'updater', 'seed', 'cli' or an operator's e-mail address. */
  @Column({ name: 'published_by', type: 'varchar', length: 254 })
  publishedBy: string;

  @Column({ name: 'fetched_at', type: 'timestamptz' })
  fetchedAt: Date;

  /** What a held version would remove from every account's rates, one sentence each (empty for the others). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  review: string[];

  /** The operator's reason for publishing a held version or restoring an earlier one. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  /** The version whose rates a restore brought back. */
  @Column({ name: 'restores_version', type: 'integer', nullable: true })
  restoresVersion: number | null;

  /** When every account's table had taken it; null while it is being applied. */
  @Column({ name: 'applied_at', type: 'timestamptz', nullable: true })
  appliedAt: Date | null;
}
