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
@Unique('payment_methods_user_id_provider_payment_method_id_key', ['userId', 'providerPaymentMethodId'])
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
  @Column({ name: 'provider_payment_method_id', type: 'varchar', length: 255 })
  providerPaymentMethodId: string;

  @Column({ name: 'card_brand', type: 'varchar', length: 20 })
  cardBrand: string;

  @Column({ name: 'card_last4', type: 'varchar', length: 4 })
  cardLast4: string;

  @Column({ name: 'card_exp_month', type: 'smallint' })
  cardExpMonth: number;

  @Column({ name: 'card_exp_year', type: 'smallint' })
  cardExpYear: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  nickname: string | null;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
