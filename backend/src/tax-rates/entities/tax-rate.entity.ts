import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { User } from '../../users/entities/user.entity.js';
import { numericTransformer } from '../../common/numeric.transformer.js';
import type { FuelType, RateKind } from '../fuel-types.js';
import type { TaxRateCountry } from '../tax-rate-options.js';

/**
 * One rate of one account's own table: a jurisdiction's rate for one fuel type and kind (base or surcharge) from its
 * effective date, so the rows of one series are its history. Column names are the API's field names.
 */
@Entity('tax_rates')
@Index('tax_rates_user_rate', ['userId', 'rate'])
@Index('tax_rates_user_effective_date', ['userId', 'effectiveDate'])
@Index('tax_rates_user_created_at', ['userId', 'createdAt'])
@Index('tax_rates_user_fuel_date', ['userId', 'fuelType', 'effectiveDate'])
// On expressions TypeORM cannot declare: (user_id, lower(name)); where current, (user_id, fuel_type, kind,
// lower(name)); and, where active, (user_id, upper(abbreviation), fuel_type, kind, effective_date) unique.
@Index('tax_rates_user_name', { synchronize: false })
@Index('tax_rates_current_page', { synchronize: false })
@Index('tax_rates_one_active_per_series_date', { synchronize: false })
@Check('tax_rates_rate_not_negative', 'rate >= 0')
@Check('tax_rates_rate_cad_not_negative', 'rate_cad_per_litre >= 0')
@Check('tax_rates_country_allowed', `country IN ('USA', 'Canada')`)
@Check('tax_rates_kind_allowed', `kind IN ('base', 'surcharge')`)
export class TaxRate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'tax_rates_user_id_fkey' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  abbreviation: string;

  /** US dollars per gallon. */
  @Column({ type: 'numeric', precision: 10, scale: 4, transformer: numericTransformer })
  rate: number;

  @Column({ type: 'varchar', length: 6 })
  country: TaxRateCountry;

  @Column({ name: 'fuel_type', type: 'varchar', length: 20, default: 'diesel' })
  fuelType: FuelType;

  @Column({ type: 'varchar', length: 10, default: 'base' })
  kind: RateKind;

  /** The matrix's CAN$/litre figure, kept as exact text; null when the rate was not imported from a matrix. */
  @Column({ name: 'rate_cad_per_litre', type: 'numeric', precision: 10, scale: 4, nullable: true })
  rateCadPerLitre: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /**
   * The account entered or edited this rate in the form: its own change, not IFTA's published figure (a seed or a
   * matrix import writes false). A return says so beside a line that uses it.
   */
  @Column({ name: 'changed_by_account', type: 'boolean', default: false })
  changedByAccount: boolean;

  /**
   * Whether no later active rate of its series supersedes it (inactive rates always are): the rows of the spec's
   * table. Written by the tax_rates_current_* triggers (migration TaxRateCurrentFlag); never written through the
   * entity.
   */
  @Column({ name: 'is_current', type: 'boolean', default: true, select: false, insert: false, update: false })
  isCurrent: boolean;

  /** A calendar date, 'YYYY-MM-DD' (no time zone); today when an INSERT leaves it out (TaxRateEffectiveDateDefault). */
  @Column({ name: 'effective_date', type: 'date', default: () => "date_trunc('day', now())" })
  effectiveDate: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
