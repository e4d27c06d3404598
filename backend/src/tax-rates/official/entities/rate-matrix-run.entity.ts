import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const RUN_OUTCOMES = ['published', 'held', 'unchanged', 'not_found', 'failed'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/**
 * One attempt of the matrix updater (or of an import) for one quarter: what it fetched and what came of it, so the
 * operator console shows failures (a layout change, an HTML error page, a truncated file) the moment they happen.
 */
@Entity('rate_matrix_runs')
@Index('rate_matrix_runs_started_at', ['startedAt'])
export class RateMatrixRun {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 7 })
  quarter: string;

  @Column({ type: 'varchar', length: 500 })
  source: string;

  @Column({ type: 'varchar', length: 12 })
  outcome: RunOutcome;

  @Column({ type: 'varchar', length: 2000, default: '' })
  message: string;

  @Column({ name: 'matrix_id', type: 'uuid', nullable: true })
  matrixId: string | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz' })
  finishedAt: Date;
}
