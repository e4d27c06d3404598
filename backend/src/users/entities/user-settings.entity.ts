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

  @Column({
    name: 'default_mpg',
    type: 'numeric',
    precision: 5,
    scale: 2,
    transformer: numericTransformer,
    default: () => '7.5',
  })
  defaultMpg: number;

  @Column({ name: 'preferred_currency', type: 'varchar', length: 3, default: 'USD' })
  preferredCurrency: string;

  @Column({ name: 'date_format', type: 'varchar', length: 10, default: 'MM/DD/YYYY' })
  dateFormat: string;

  @Column({ type: 'varchar', length: 64, default: 'America/New_York' })
  timezone: string;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  @Column({ name: 'email_notifications', type: 'boolean', default: true })
  emailNotifications: boolean;

  @Column({ name: 'report_reminders', type: 'boolean', default: true })
  reportReminders: boolean;

  @Column({ name: 'company_address', type: 'varchar', length: 500, default: '' })
  companyAddress: string;

  @Column({ name: 'company_phone', type: 'varchar', length: 50, default: '' })
  companyPhone: string;

  @Column({ name: 'ifta_license_number', type: 'varchar', length: 50, default: '' })
  iftaLicenseNumber: string;

  /** The carrier's FEIN as 12-3456789, or empty. */
  @Column({ type: 'varchar', length: 10, default: '' })
  fein: string;

  /** An IFTA member's code: where the carrier files and pays its return; empty until set. */
  @Column({ name: 'base_jurisdiction', type: 'varchar', length: 2, default: '' })
  baseJurisdiction: string;

  @Column({ name: 'default_tax_period_type', type: 'varchar', length: 10, default: 'quarterly' })
  defaultTaxPeriodType: string;

  /** miles_gallons or km_litres: the unit figures are entered and imported in (stored ones are miles and gallons). */
  @Column({ name: 'distance_unit', type: 'varchar', length: 16, default: 'miles_gallons' })
  distanceUnit: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
