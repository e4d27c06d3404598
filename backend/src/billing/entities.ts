import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from '../users/entities/user.entity.js';

/** The provider's customer record for an account (Stripe needs one to attach cards to). */
@Entity('billing_customers')
export class BillingCustomer {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'billing_customers_user_id_fkey' })
  user?: Relation<User>;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ name: 'provider_customer_id', type: 'varchar', length: 255 })
  providerCustomerId: string;
}

/** A webhook event already applied, so a replay is recognised. */
@Entity('billing_events')
export class BillingEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}
