import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Invoice } from '../../invoices/entities/invoice.entity.js';
import { PaymentMethod } from '../../payment-methods/entities/payment-method.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { Subscription } from './subscription.entity.js';
import { numericTransformer } from '../../common/numeric.transformer.js';

export type PaymentStatus = 'succeeded' | 'failed';

/** One charge attempt on a card, kept for the payment history whether it succeeded or failed. */
@Entity('payments')
@Index('payments_user_created', { synchronize: false }) // (user_id, created_at DESC)
@Check('payments_status_check', `status IN ('succeeded', 'failed')`)
export class Payment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'payments_user_id_fkey' })
  user?: Relation<User>;

  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId: string | null;

  @ManyToOne(() => Subscription, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'subscription_id', foreignKeyConstraintName: 'payments_subscription_id_fkey' })
  subscription?: Relation<Subscription>;

  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId: string | null;

  @ManyToOne(() => Invoice, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invoice_id', foreignKeyConstraintName: 'payments_invoice_id_fkey' })
  invoice?: Relation<Invoice>;

  @Column({ name: 'payment_method_id', type: 'uuid', nullable: true })
  paymentMethodId: string | null;

  @ManyToOne(() => PaymentMethod, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'payment_method_id', foreignKeyConstraintName: 'payments_payment_method_id_fkey' })
  paymentMethod?: Relation<PaymentMethod>;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 255, nullable: true })
  providerPaymentId: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericTransformer })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 20 })
  status: PaymentStatus;

  @Column({ name: 'failure_message', type: 'varchar', length: 300, nullable: true })
  failureMessage: string | null;

  @Column({ type: 'varchar', length: 300 })
  description: string;

  @Column({ name: 'card_brand', type: 'varchar', length: 20, nullable: true })
  cardBrand: string | null;

  @Column({ name: 'card_last4', type: 'varchar', length: 4, nullable: true })
  cardLast4: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
