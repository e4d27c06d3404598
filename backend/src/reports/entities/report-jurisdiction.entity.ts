import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { User } from '../../users/entities/user.entity.js';
import { Report } from './report.entity.js';
import type { RateSource } from '../fuel-schedule.js';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** One line of a report, kept in the order the user entered it. */
@Entity('report_jurisdictions')
@Unique('report_jurisdictions_report_id_position_key', ['reportId', 'position'])
// (user_id, report_id) INCLUDE (code, taxable_miles, net_gallons): TypeORM cannot declare INCLUDE.
@Index('report_jurisdictions_user_report_stats', { synchronize: false })
export class ReportJurisdiction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId: string;

  @ManyToOne(() => Report, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'report_id', foreignKeyConstraintName: 'report_jurisdictions_report_id_fkey' })
  report?: Relation<Report>;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'report_jurisdictions_user_id_fkey' })
  user?: Relation<User>;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Canonical jurisdiction code ("TX"); a custom rate's own abbreviation (migration ReportLineCode). */
  @Column({ type: 'varchar', length: 100 })
  code: string;

  @Column({ type: 'varchar', length: 30, default: 'diesel' })
  fuel_type: string;

  @Column({ type: 'numeric', precision: 14, scale: 3, default: 0, transformer: numericTransformer })
  total_miles: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, default: 0, transformer: numericTransformer })
  taxable_miles: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, default: 0, transformer: numericTransformer })
  gallons_purchased: number;

  @Column({ type: 'numeric', precision: 10, scale: 4, default: 0, transformer: numericTransformer })
  tax_rate: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, default: 0, transformer: numericTransformer })
  gallons_consumed: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, default: 0, transformer: numericTransformer })
  net_gallons: number;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericTransformer })
  tax_due: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, default: 0, transformer: numericTransformer })
  non_tax_paid_gallons: number;

  /** The surcharge rate the line was computed with (official mode), kept as the report's snapshot. */
  @Column({ type: 'numeric', precision: 10, scale: 4, default: 0, transformer: numericTransformer })
  surcharge_rate: number;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericTransformer })
  surcharge_due: number;

  /** Official mode: 'table' when the rates came from the account's rates in force for the quarter, else 'typed'. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  rate_source: RateSource | null;
}
