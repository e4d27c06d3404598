import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RateSource } from '../fuel-schedule.js';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** One line of a report, kept in the order the user entered it. */
@Entity('report_jurisdictions')
export class ReportJurisdiction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Canonical jurisdiction code ("TX"); a custom rate's own abbreviation (migration ReportLineCode). */
  @Column({ type: 'varchar', length: 100 })
  code: string;

  @Column({ type: 'varchar', length: 30, default: 'diesel' })
  fuel_type: string;

  @Column({ type: 'numeric', precision: 14, scale: 3, transformer: numericTransformer })
  total_miles: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, transformer: numericTransformer })
  taxable_miles: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, transformer: numericTransformer })
  gallons_purchased: number;

  @Column({ type: 'numeric', precision: 10, scale: 4, transformer: numericTransformer })
  tax_rate: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, transformer: numericTransformer })
  gallons_consumed: number;

  @Column({ type: 'numeric', precision: 14, scale: 3, transformer: numericTransformer })
  net_gallons: number;

  @Column({ type: 'numeric', precision: 14, scale: 2, transformer: numericTransformer })
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
