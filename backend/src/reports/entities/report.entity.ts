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
import type { FuelSchedule } from '../fuel-schedule.js';
import type { AmendmentDifferenceJson } from '../return-billing.js';
import { numericTransformer } from '../../common/numeric.transformer.js';
import type { CalculationMode, MpgSource } from '../../ifta/index.js';

export const REPORT_STATUSES = ['draft', 'final'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A saved IFTA return. Totals are derived by the server from the jurisdiction rows on every save. */
@Entity('reports')
@Index('reports_user_created_id', ['userId', 'createdAt', 'id'])
@Index('reports_user_updated_id', ['userId', 'updatedAt', 'id'])
@Index('reports_user_status_created_id', ['userId', 'status', 'createdAt', 'id'])
@Index('reports_user_tax_due_id', ['userId', 'taxDue', 'id'])
@Index('reports_user_total_miles_id', ['userId', 'totalMiles', 'id'])
// What TypeORM cannot declare: lower() and calendar-order expressions, INCLUDE columns and the trigram GIN index of
// the search box (migrations ReportListAndTotals, IndexReportStats, FilingCalendar, ReportPeriodOrder).
@Index('reports_user_name_id', { synchronize: false })
@Index('reports_user_company_id', { synchronize: false })
@Index('reports_user_stats', { synchronize: false })
@Index('reports_user_due_date', { synchronize: false })
@Index('reports_search_trgm', { synchronize: false })
@Index('reports_user_period_order_id', { synchronize: false })
@Index('reports_user_return_key', { synchronize: false })
@Check('reports_status_check', `status IN ('draft', 'final')`)
@Check('reports_void_reason_check', `(voided_at IS NULL) = (void_reason IS NULL)`)
export class Report {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'reports_user_id_fkey' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'company_name', type: 'varchar', length: 200 })
  companyName: string;

  @Column({ name: 'license_number', type: 'varchar', length: 50, default: '' })
  licenseNumber: string;

  @Column({ name: 'tax_period', type: 'varchar', length: 20, default: '' })
  taxPeriod: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  period: string;

  @Column({ name: 'average_mpg', type: 'numeric', precision: 8, scale: 2, transformer: numericTransformer })
  averageMpg: number;

  @Column({ type: 'varchar', length: 10, default: 'draft' })
  status: ReportStatus;

  @Column({
    name: 'total_miles',
    type: 'numeric',
    precision: 17,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  totalMiles: number;

  @Column({
    name: 'taxable_miles',
    type: 'numeric',
    precision: 17,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  taxableMiles: number;

  @Column({
    name: 'gallons_purchased',
    type: 'numeric',
    precision: 17,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  gallonsPurchased: number;

  @Column({
    name: 'gallons_consumed',
    type: 'numeric',
    precision: 17,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  gallonsConsumed: number;

  @Column({
    name: 'net_gallons',
    type: 'numeric',
    precision: 17,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  netGallons: number;

  /** Tax plus surcharges (official mode); the worksheet has no surcharges. */
  @Column({ name: 'tax_due', type: 'numeric', precision: 17, scale: 2, default: 0, transformer: numericTransformer })
  taxDue: number;

  /** The return's due date; null for a report without a recognised period. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate: string | null;

  /** The day a final report was filed; null for drafts. */
  @Column({ name: 'filed_at', type: 'date', nullable: true })
  filedAt: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: numericTransformer })
  penalty: number | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: numericTransformer })
  interest: number | null;

  @Column({ name: 'interest_rate_missing', type: 'boolean', default: false })
  interestRateMissing: boolean;

  @Column({ name: 'calculation_mode', type: 'varchar', length: 20, default: 'worksheet' })
  calculationMode: CalculationMode;

  /** Official mode: 'fleet' (total miles / total gallons) or 'typed' (average_mpg overrode it); null for worksheets. */
  @Column({ name: 'mpg_source', type: 'varchar', length: 10, nullable: true })
  mpgSource: MpgSource | null;

  @Column({
    name: 'fleet_mpg',
    type: 'numeric',
    precision: 8,
    scale: 2,
    nullable: true,
    transformer: numericTransformer,
  })
  fleetMpg: number | null;

  @Column({
    name: 'non_tax_paid_gallons',
    type: 'numeric',
    precision: 17,
    scale: 3,
    default: 0,
    transformer: numericTransformer,
  })
  nonTaxPaidGallons: number;

  @Column({
    name: 'surcharge_due',
    type: 'numeric',
    precision: 17,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  surchargeDue: number;

  /** Official mode: one schedule per fuel type, a snapshot read whole with the report (FuelSchedules migration). */
  @Column({ type: 'jsonb', default: [] })
  schedules: FuelSchedule[];

  /**
   * The filed return an official report belongs to: company (folded case and spaces), tax period and sorted fuel
   * types (return-groups.ts); null for a worksheet report, which stands alone (migration ReturnAmendments).
   */
  @Column({ name: 'return_key', type: 'varchar', length: 400, nullable: true })
  returnKey: string | null;

  /** When the report became final: the order of a return's finals (a filing-day correction leaves it). */
  @Column({ name: 'finalised_at', type: 'timestamptz', nullable: true })
  finalisedAt: Date | null;

  /** Became final while its return already had a final: an amended return. */
  @Column({ type: 'boolean', default: false })
  amended: boolean;

  /** The final this one amends (the one before it in its return). */
  @Column({ name: 'amends_id', type: 'uuid', nullable: true })
  amendsId: string | null;

  /** The final that amends this one: set, this report is superseded. */
  @Column({ name: 'superseded_by_id', type: 'uuid', nullable: true })
  supersededById: string | null;

  /**
   * An amended return billed as the difference (return-billing.ts): the total due of the final it supersedes, which
   * was already paid. Null for a report billed whole.
   */
  @Column({
    name: 'previous_due',
    type: 'numeric',
    precision: 17,
    scale: 2,
    nullable: true,
    transformer: numericTransformer,
  })
  previousDue: number | null;

  /** The amendment's differences from the final it supersedes, as the API sends them; null when billed whole. */
  @Column({ name: 'amendment_difference', type: 'jsonb', nullable: true })
  amendmentDifference: AmendmentDifferenceJson | null;

  /**
   * When a final that was its return's return of record was voided (migration ReportVoids): kept, no longer a final
   * of its return's chain, never amended again. Null for every other report.
   */
  @Column({ name: 'voided_at', type: 'timestamptz', nullable: true })
  voidedAt: Date | null;

  /** Why it was voided, as the owner gave it; set exactly when `voidedAt` is. */
  @Column({ name: 'void_reason', type: 'varchar', length: 500, nullable: true })
  voidReason: string | null;

  /** The one report of its return the dashboard counts (the latest final, else the latest draft). */
  @Column({ type: 'boolean', default: true })
  counted: boolean;

  /** How many lines the report has; written with the lines (ReportsRepository), shown in the list's summary. */
  @Column({ name: 'line_count', type: 'integer', default: 0 })
  lineCount: number;

  /**
   * The list's summary as JSON text, written by the reports_summary trigger on every insert and update
   * (migration ReportSummaries); never written or read through the entity.
   */
  @Column({ type: 'text', nullable: true, select: false, insert: false, update: false })
  summary: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
