import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

export type PaymentStatus = 'succeeded' | 'failed';

/** One charge attempt on a card, kept for the payment history whether it succeeded or failed. */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'uuid', nullable: true })
  subscription_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  invoice_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  payment_method_id: string | null;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  provider_payment_id: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericTransformer })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 20 })
  status: PaymentStatus;

  @Column({ type: 'varchar', length: 300, nullable: true })
  failure_message: string | null;

  @Column({ type: 'varchar', length: 300 })
  description: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  card_brand: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  card_last4: string | null;

  @Column({ type: 'timestamptz' })
  created_at: Date;
}
