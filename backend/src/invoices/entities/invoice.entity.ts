import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  type Relation,
} from 'typeorm';
import { User } from '../../users/entities/user.entity.js';
import { numericTransformer } from '../../common/numeric.transformer.js';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A bill for one subscription period. `invoice_number` comes from a database sequence. */
@Entity('invoices')
@Unique('invoices_invoice_number_key', ['invoiceNumber'])
@Index('invoices_one_per_period', ['subscriptionId', 'periodStart'], {
  unique: true,
  where: 'subscription_id IS NOT NULL',
})
@Index('invoices_user_created', { synchronize: false }) // (user_id, created_at DESC): TypeORM cannot declare DESC
@Check('invoices_status_check', `status IN ('draft', 'open', 'paid', 'void', 'uncollectible')`)
@Check('invoices_amount_check', 'amount >= 0')
export class Invoice {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'invoices_user_id_fkey' })
  user?: Relation<User>;

  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId: string | null;

  // The foreign key names its target by entity name: subscriptions bill through this feature (InvoicesService), so
  // importing their entity here would make the two features depend on each other.
  @ManyToOne('Subscription', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'subscription_id', foreignKeyConstraintName: 'invoices_subscription_id_fkey' })
  subscription?: Relation<{ id: string }>;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ name: 'provider_invoice_id', type: 'varchar', length: 255, nullable: true })
  providerInvoiceId: string | null;

  /**
   * The database numbers it (migration InvoiceNumberWidth). TypeORM reads a default back with its `::type` casts cut
   * out (the space after 'INV-' goes with its ::text) and compares it as text, so this is that reading: only the
   * schema diff uses it, never an INSERT (`insert: false`).
   */
  @Column({
    name: 'invoice_number',
    type: 'varchar',
    length: 30,
    insert: false,
    default: () => "('INV-'|| regexp_replace(lpad((nextval('invoice_number_seq')), 12, '0'), '^0{0,6}', ''))",
  })
  invoiceNumber: string;

  @Column({ type: 'varchar', length: 20 })
  status: InvoiceStatus;

  @Column({ name: 'plan_name', type: 'varchar', length: 100 })
  planName: string;

  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericTransformer })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'period_start', type: 'timestamptz' })
  periodStart: Date;

  @Column({ name: 'period_end', type: 'timestamptz' })
  periodEnd: Date;

  @Column({ type: 'varchar', length: 300 })
  description: string;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ name: 'email_sent', type: 'boolean', default: false })
  emailSent: boolean;

  @Column({ name: 'email_sent_at', type: 'timestamptz', nullable: true })
  emailSentAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
