import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A card saved on the account. Only what the provider tells about it: brand, last 4 digits, expiry. */
@Entity('payment_methods')
export class PaymentMethod {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  /** The provider's own id ("pm_..."): the only handle the server ever has on the card. */
  @Column({ type: 'varchar', length: 255 })
  provider_payment_method_id: string;

  @Column({ type: 'varchar', length: 20 })
  card_brand: string;

  @Column({ type: 'varchar', length: 4 })
  card_last4: string;

  @Column({ type: 'smallint' })
  card_exp_month: number;

  @Column({ type: 'smallint' })
  card_exp_year: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  nickname: string | null;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
