import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FuelSchedule } from '../fuel-schedule.js';
import { numericTransformer } from '../../common/numeric.transformer.js';
import type { CalculationMode, MpgSource } from '../../ifta/index.js';

export const REPORT_STATUSES = ['draft', 'final'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A saved IFTA return. Totals are derived by the server from the jurisdiction rows on every save. */
@Entity('reports')
export class Report {
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

  @Column({ type: 'varchar', length: 20 })
  period: string;

  @Column({ type: 'numeric', precision: 8, scale: 2, transformer: numericTransformer })
  average_mpg: number;

  @Column({ type: 'varchar', length: 10 })
  status: ReportStatus;

  @Column({ type: 'numeric', precision: 17, scale: 3, transformer: numericTransformer })
  total_miles: number;

  @Column({ type: 'numeric', precision: 17, scale: 3, transformer: numericTransformer })
  taxable_miles: number;

  @Column({ type: 'numeric', precision: 17, scale: 3, transformer: numericTransformer })
  gallons_purchased: number;

  @Column({ type: 'numeric', precision: 17, scale: 3, transformer: numericTransformer })
  gallons_consumed: number;

  @Column({ type: 'numeric', precision: 17, scale: 3, transformer: numericTransformer })
  net_gallons: number;

  /** Tax plus surcharges (official mode); the worksheet has no surcharges. */
  @Column({ type: 'numeric', precision: 17, scale: 2, transformer: numericTransformer })
  tax_due: number;

  /** The return's due date (issue 13); null for a report without a recognised period. */
  @Column({ type: 'date', nullable: true })
  due_date: string | null;

  /** The day a final report was filed; null for drafts. */
  @Column({ type: 'date', nullable: true })
  filed_at: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: numericTransformer })
  penalty: number | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: numericTransformer })
  interest: number | null;

  @Column({ type: 'boolean', default: false })
  interest_rate_missing: boolean;
  @Column({ type: 'varchar', length: 20, default: 'worksheet' })
  calculation_mode: CalculationMode;

  /** Official mode: 'fleet' (total miles / total gallons) or 'typed' (average_mpg overrode it); null for worksheets. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  mpg_source: MpgSource | null;

  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true, transformer: numericTransformer })
  fleet_mpg: number | null;

  @Column({ type: 'numeric', precision: 17, scale: 3, default: 0, transformer: numericTransformer })
  non_tax_paid_gallons: number;

  @Column({ type: 'numeric', precision: 17, scale: 2, default: 0, transformer: numericTransformer })
  surcharge_due: number;

  /** Official mode: one schedule per fuel type, a snapshot read whole with the report (FuelSchedules migration). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  schedules: FuelSchedule[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
