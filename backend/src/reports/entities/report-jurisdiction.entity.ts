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

  @Column({ name: 'fuel_type', type: 'varchar', length: 30, default: 'diesel' })
  fuelType: string;

  @Column({
    name: 'total_miles',
    type: 'numeric',
    precision: 14,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  totalMiles: number;

  @Column({
    name: 'taxable_miles',
    type: 'numeric',
    precision: 14,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  taxableMiles: number;

  @Column({
    name: 'gallons_purchased',
    type: 'numeric',
    precision: 14,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  gallonsPurchased: number;

  @Column({ name: 'tax_rate', type: 'numeric', precision: 10, scale: 4, default: 0, transformer: numericTransformer })
  taxRate: number;

  @Column({
    name: 'gallons_consumed',
    type: 'numeric',
    precision: 14,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  gallonsConsumed: number;

  @Column({
    name: 'net_gallons',
    type: 'numeric',
    precision: 14,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  netGallons: number;

  @Column({ name: 'tax_due', type: 'numeric', precision: 14, scale: 2, default: 0, transformer: numericTransformer })
  taxDue: number;

  @Column({
    name: 'non_tax_paid_gallons',
    type: 'numeric',
    precision: 14,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  nonTaxPaidGallons: number;

  /** The surcharge rate the line was computed with (official mode), kept as the report's snapshot. */
  @Column({
    name: 'surcharge_rate',
    type: 'numeric',
    precision: 10,
    scale: 4,
    default: 0,
    transformer: numericTransformer,
  })
  surchargeRate: number;

  @Column({
    name: 'surcharge_due',
    type: 'numeric',
    precision: 14,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  surchargeDue: number;

  /** Official mode: 'official' (the quarter's table), 'typed' (the line's own) or 'provisional' (the newest quarter's). */
  @Column({ name: 'rate_source', type: 'varchar', length: 12, nullable: true })
  rateSource: RateSource | null;

  /**
   * The first day of the rate period the line reports ('YYYY-MM-DD'), when its jurisdiction's rate changes inside
   * the quarter (one line per rate period); null for the quarter's first period, as every other line is.
   */
  @Column({ name: 'rate_from', type: 'date', nullable: true })
  rateFrom: string | null;
}
