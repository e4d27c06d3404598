import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { User } from './user.entity.js';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** One row per account, created with the defaults at registration. Column names are the API's field names. */
@Entity('user_settings')
export class UserSettings {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_settings_user_id_fkey' })
  user?: Relation<User>;

  @Column({ type: 'numeric', precision: 5, scale: 2, transformer: numericTransformer, default: () => '7.5' })
  default_mpg: number;

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  preferred_currency: string;

  @Column({ type: 'varchar', length: 10, default: 'MM/DD/YYYY' })
  date_format: string;

  @Column({ type: 'varchar', length: 64, default: 'America/New_York' })
  timezone: string;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  @Column({ type: 'boolean', default: true })
  email_notifications: boolean;

  @Column({ type: 'boolean', default: true })
  report_reminders: boolean;

  @Column({ type: 'varchar', length: 500, default: '' })
  company_address: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  company_phone: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  ifta_license_number: string;

  @Column({ type: 'varchar', length: 10, default: 'quarterly' })
  default_tax_period_type: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
