import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { SandboxBehaviour } from '../sandbox-card-rules.js';

/** A sandbox token: what the card looked like and how it behaves. The number and CVC are never stored. */
@Entity('sandbox_payment_methods')
@Check('sandbox_payment_methods_behaviour_check', `behaviour IN ('succeed', 'decline', 'fail_charge')`)
export class SandboxPaymentMethod {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  brand: string;

  @Column({ type: 'varchar', length: 4 })
  last4: string;

  @Column({ name: 'exp_month', type: 'smallint' })
  expMonth: number;

  @Column({ name: 'exp_year', type: 'smallint' })
  expYear: number;

  @Column({ type: 'varchar', length: 20 })
  behaviour: SandboxBehaviour;

  /** The sandbox customer it was attached to; null until attached. */
  @Column({ name: 'customer_id', type: 'varchar', length: 64, nullable: true })
  customerId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
