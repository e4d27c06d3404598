import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from '../../users/entities/user.entity.js';
import { numericTransformer } from '../../common/numeric.transformer.js';
import type { ImportedEntry } from '../imported-entry.js';

export const SESSION_STATUSES = ['draft', 'completed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

@Entity('calculation_sessions')
@Index('calculation_sessions_user_created', { synchronize: false }) // (user_id, created_at DESC)
@Check('calculation_sessions_status_check', `status IN ('draft', 'completed')`)
@Check('calculation_sessions_entries_check', `jsonb_typeof(entries) = 'array'`)
export class CalculationSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'calculation_sessions_user_id_fkey' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 200, default: '' })
  name: string;

  @Column({ name: 'company_name', type: 'varchar', length: 200, default: '' })
  companyName: string;

  @Column({ name: 'license_number', type: 'varchar', length: 50, default: '' })
  licenseNumber: string;

  @Column({ name: 'tax_period', type: 'varchar', length: 20, default: '' })
  taxPeriod: string;

  @Column({ name: 'average_mpg', type: 'numeric', precision: 8, scale: 2, default: 0, transformer: numericTransformer })
  averageMpg: number;

  @Column({ type: 'varchar', length: 10, default: 'draft' })
  status: SessionStatus;

  @Column({ type: 'jsonb', default: [] })
  entries: ImportedEntry[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
