import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from '../../users/entities/user.entity.js';

/** A card saved on the account. Only what the provider tells about it: brand, last 4 digits, expiry. */
@Entity('payment_methods')
@Unique('payment_methods_user_id_provider_payment_method_id_key', ['userId', 'provider_payment_method_id'])
@Index('payment_methods_one_default_per_account', ['userId'], { unique: true, where: 'is_default' })
@Check('payment_methods_card_exp_month_check', 'card_exp_month >= 1 AND card_exp_month <= 12')
export class PaymentMethod {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'payment_methods_user_id_fkey' })
  user?: Relation<User>;

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
