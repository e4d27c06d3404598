import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** One row per account, created with the defaults at registration. Column names are the API's field names. */
@Entity('user_settings')
export class UserSettings {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'numeric', precision: 5, scale: 2, transformer: numericTransformer })
  default_mpg: number;

  @Column({ type: 'varchar', length: 3 })
  preferred_currency: string;

  @Column({ type: 'varchar', length: 10 })
  date_format: string;

  @Column({ type: 'varchar', length: 64 })
  timezone: string;

  @Column({ type: 'varchar', length: 2 })
  language: string;

  @Column({ type: 'boolean' })
  email_notifications: boolean;

  @Column({ type: 'boolean' })
  report_reminders: boolean;

  @Column({ type: 'varchar', length: 500 })
  company_address: string;

  @Column({ type: 'varchar', length: 50 })
  company_phone: string;

  @Column({ type: 'varchar', length: 50 })
  ifta_license_number: string;

  @Column({ type: 'varchar', length: 10 })
  default_tax_period_type: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
