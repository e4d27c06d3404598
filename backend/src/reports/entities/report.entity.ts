import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

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

  @Column({ type: 'numeric', precision: 17, scale: 2, transformer: numericTransformer })
  tax_due: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
