import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';
import type { ImportedEntry } from '../imported-entry.js';

export const SESSION_STATUSES = ['draft', 'completed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

@Entity('calculation_sessions')
export class CalculationSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  company_name: string;

  @Column({ type: 'varchar', length: 50 })
  license_number: string;

  @Column({ type: 'varchar', length: 20 })
  tax_period: string;

  @Column({ type: 'numeric', precision: 8, scale: 2, transformer: numericTransformer })
  average_mpg: number;

  @Column({ type: 'varchar', length: 10 })
  status: SessionStatus;

  @Column({ type: 'jsonb' })
  entries: ImportedEntry[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
